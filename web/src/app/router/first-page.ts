import { matchPath } from 'react-router-dom';
import { isSignedIn } from '../../shared/storage/storage';
import { findRoute } from '../../shared/routing/filter-routes';
import { preloadPage } from './lazy-pages';
import { PRIVATE_ROUTES } from './private-routes';
import { isPublicPath, PUBLIC_ROUTES } from './public-routes';

export const loadSignedInApp = () => import('./SignedInApp');

/**
 * Starts loading the code of the page the visit opens on (and the shell's, when signed in)
 * while the texts load, instead of one after the other once the app renders, and asks for the
 * page's first data where its route says how.
 */
export function preloadFirstPage(pathname: string): void {
  if (isPublicPath(pathname)) {
    preloadPage(findRoute(PUBLIC_ROUTES, pathname)?.page);
    return;
  }
  if (!isSignedIn()) return;
  void loadSignedInApp();
  const route = findRoute(PRIVATE_ROUTES, pathname);
  if (!route) return;
  preloadPage(route.page);
  route.prefetch?.(matchPath(route.path, pathname)?.params ?? {});
}
