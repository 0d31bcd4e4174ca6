import { useRef, type ReactElement, type ReactNode } from 'react';
import { useLocation, useOutlet } from 'react-router-dom';
import { findRoute } from '../router/filter-routes';
import { useSignedInRoutes } from '../router/RoutesContext';

const MAX_KEPT_PAGES = 6;

/**
 * Keep-alive pages (plant list, overview, edit) stay mounted and hidden while the user is
 * elsewhere, so filters, scroll and unsaved input survive a round trip. Oldest drop first.
 */
export function KeepAliveOutlet(): ReactNode {
  const outlet = useOutlet();
  const { pathname } = useLocation();
  const { routes } = useSignedInRoutes();
  const isKeptPage = findRoute(routes, pathname)?.keepAlive === true;
  const kept = useRef(new Map<string, ReactElement>());

  if (isKeptPage && outlet) {
    kept.current.delete(pathname);
    kept.current.set(pathname, outlet);
    if (kept.current.size > MAX_KEPT_PAGES) {
      const oldest = kept.current.keys().next().value;
      if (oldest !== undefined) kept.current.delete(oldest);
    }
  }

  return (
    <>
      {[...kept.current].map(([path, element]) => (
        <div key={path} hidden={path !== pathname} data-keep-alive={path}>
          {element}
        </div>
      ))}
      {!isKeptPage && outlet}
    </>
  );
}
