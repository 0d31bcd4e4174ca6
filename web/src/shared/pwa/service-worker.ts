import type { Workbox } from 'workbox-window';

let registration: Promise<Workbox> | null = null;

/**
 * Registers the app's service worker once per page (built app only: the dev server has none).
 * `onUpdate` hears of a new version waiting; its `reload` activates it and reloads the page.
 */
export function registerServiceWorker(onUpdate?: (reload: () => void) => void): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || registration) return;
  registration = import('workbox-window').then(({ Workbox }) => {
    const worker = new Workbox('/sw.js');
    worker.addEventListener('waiting', () => {
      onUpdate?.(() => {
        worker.addEventListener('controlling', () => window.location.reload());
        worker.messageSkipWaiting();
      });
    });
    void worker.register();
    return worker;
  });
}
