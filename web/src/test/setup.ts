import '@testing-library/jest-dom/vitest';
import { StyleContext } from '@ant-design/cssinjs';
import { cleanup, configure } from '@testing-library/react';
import NProgress from 'nprogress';
import { afterAll, afterEach, vi } from 'vitest';
import { forgetBrand } from '../features/brands/current-brand';
import { appQueryClient } from '../shared/api/QueryProvider';
import { chooseCompany } from '../shared/session/company-context';
import { clearSession } from '../shared/session/session';
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
// Nothing is ever in view: charts and other below-the-fold parts stay unloaded, as they would
// in a browser before scrolling (without an observer they would count as visible and load).
globalThis.IntersectionObserver ??= class {
  readonly root = null;
  readonly rootMargin = '0px';
  readonly thresholds = [];
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }
};

// antd writes no styles into the document: the tests read no layout, and every injected rule
// would slow each style lookup of jsdom's cascade. `mock` is cssinjs's switch for server-side
// rendering; its default context has no other setter.
(StyleContext as unknown as { _currentValue: { mock?: string } })._currentValue.mock = 'server';

// Lazy pages and antd's first render take seconds on a busy 2-core runner.
configure({ asyncUtilTimeout: 8000 });

await initI18n('en');
await loadSignedInTexts('en');

afterEach(() => {
  cleanup();
  appQueryClient.clear();
  forgetBrand();
  chooseCompany(null);
  // Ends the test's session: work it started outside any page (an export being watched) stops.
  clearSession();
  localStorage.clear();
  sessionStorage.clear();
  // A request the finished test's page still sends (a shell that mounted as the test ended)
  // is never answered: a network failure would open the app's error dialog, which outlives
  // the test and stands in front of the next one.
  vi.stubGlobal('fetch', () => new Promise<never>(() => undefined));
});

// Files share a worker's modules: a lazy import still loading when a file ends would arrive in
// the next file's module graph, and its load can then hang that file.
afterAll(() => vi.dynamicImportSettled());
