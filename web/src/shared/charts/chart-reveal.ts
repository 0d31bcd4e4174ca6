import { useSyncExternalStore } from 'react';

let isRevealed = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether every chart draws now, in view or not (once asked for, for the rest of the visit). */
export function useChartsRevealed(): boolean {
  return useSyncExternalStore(subscribe, () => isRevealed);
}

/**
 * Draws the charts still out of view, for a snapshot of the whole page (PDF, print): resolves
 * once their code is loaded and they had a frame to draw in.
 */
export async function revealAllCharts(): Promise<void> {
  await import('./ChartCanvas');
  if (!isRevealed) {
    isRevealed = true;
    listeners.forEach((listener) => listener());
  }
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

// Printing from the browser's menu gets the charts too, as far as they draw in time.
window.addEventListener('beforeprint', () => void revealAllCharts());
