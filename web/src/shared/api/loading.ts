import { useSyncExternalStore } from 'react';

/** The overlay closes this long after the response (section 7). */
export const LOADING_CLOSE_DELAY_MS = 200;

let pending = 0;
const listeners = new Set<() => void>();

function emit(): void {
  listeners.forEach((listener) => listener());
}

/** Starts a loading flag; the returned function ends it 200 ms later. */
export function beginLoading(): () => void {
  pending += 1;
  emit();
  let isEnded = false;
  return () => {
    if (isEnded) return;
    isEnded = true;
    setTimeout(() => {
      pending -= 1;
      emit();
    }, LOADING_CLOSE_DELAY_MS);
  };
}

export function isLoading(): boolean {
  return pending > 0;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useIsLoading(): boolean {
  return useSyncExternalStore(subscribe, isLoading);
}
