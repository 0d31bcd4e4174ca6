import NProgress from 'nprogress';
import { useSyncExternalStore } from 'react';

NProgress.configure({ showSpinner: false });

let activeLoads = 0;
const listeners = new Set<() => void>();

/** The route loading flag of section 2: true while a page chunk loads. */
export function startNavigation(): () => void {
  activeLoads += 1;
  if (activeLoads === 1) NProgress.start();
  listeners.forEach((listener) => listener());
  return () => {
    activeLoads -= 1;
    if (activeLoads === 0) NProgress.done();
    listeners.forEach((listener) => listener());
  };
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
