import NProgress from 'nprogress';
import { useEffect, useSyncExternalStore } from 'react';

NProgress.configure({ showSpinner: false });

let activeLoads = 0;
const listeners = new Set<() => void>();

function notify(): void {
  listeners.forEach((listener) => listener());
}

/**
 * Section 2's progress bar and loading flag: on while a navigation or a page chunk is under
 * way. Returns the function that ends this one; calling it again does nothing.
 */
export function startNavigation(): () => void {
  activeLoads += 1;
  if (activeLoads === 1) NProgress.start();
  notify();
  let isFinished = false;
  return () => {
    if (isFinished) return;
    isFinished = true;
    activeLoads -= 1;
    if (activeLoads === 0) NProgress.done();
    notify();
  };
}

/** Every change of page runs the bar until the new page has painted (or its chunk loaded). */
export function useNavigationProgress(pathname: string): void {
  useEffect(() => {
    const finish = startNavigation();
    const frame = requestAnimationFrame(finish);
    return () => {
      cancelAnimationFrame(frame);
      finish();
    };
  }, [pathname]);
}

export function useIsNavigating(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => activeLoads > 0,
  );
}
