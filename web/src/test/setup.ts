import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import NProgress from 'nprogress';
import { afterEach, vi } from 'vitest';
import { appQueryClient } from '../shared/api/QueryProvider';
import { initI18n, loadSignedInTexts } from '../shared/i18n/i18n';

// The navigation bar removes itself on a timer; when that timer outlives a test file, jsdom's
// document is already gone, so the removal must not touch it.
const removeProgress = NProgress.remove.bind(NProgress);
NProgress.remove = () => {
  if (typeof document !== 'undefined') removeProgress();
};

// antd reads these browser APIs that jsdom lacks.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});
// jsdom has no layout; the shell scrolls the window on every change of page.
Object.defineProperty(window, 'scrollTo', { writable: true, value: () => undefined });
globalThis.ResizeObserver ??= class {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
};

// jsdom does not implement pseudo-element styles; antd asks for them when measuring scrollbars.
const computeStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computeStyle(element);

// Lazy pages and antd's first render take seconds on a busy 2-core runner.
configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 60_000 });

await initI18n('en');
await loadSignedInTexts('en');

afterEach(() => {
  cleanup();
  appQueryClient.clear();
  localStorage.clear();
  sessionStorage.clear();
});
