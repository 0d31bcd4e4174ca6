import { useEffect, type ReactNode } from 'react';
import { startNavigation } from '../../shared/routing/navigation-progress';

/** Suspense fallback: the progress bar runs while the page's chunk loads. */
export function RouteProgress(): ReactNode {
  useEffect(() => startNavigation(), []);
  return null;
}
