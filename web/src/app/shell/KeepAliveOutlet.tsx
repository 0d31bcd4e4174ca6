import { useCallback, useMemo, useRef, type ReactElement, type ReactNode } from 'react';
import { useLocation, useOutlet } from 'react-router-dom';
import { PageActivityContext } from '../../shared/ui/page-activity';
import { findRoute } from '../../shared/routing/filter-routes';
import { useSignedInRoutes } from '../../shared/routing/RoutesContext';
import { useScrollMemory } from './useScrollMemory';

const MAX_KEPT_PAGES = 6;

/**
 * Keep-alive pages (plant list, overview, edit) stay mounted and hidden while the user is
 * elsewhere, so filters, tabs, scroll and unsaved input survive a round trip. Oldest drop
 * first. A hidden page knows it is hidden (live refresh pauses) and can be dropped.
 */
export function KeepAliveOutlet(): ReactNode {
  const outlet = useOutlet();
  const { pathname } = useLocation();
  const { routes } = useSignedInRoutes();
  const isKeptPage = findRoute(routes, pathname)?.keepAlive === true;
  const kept = useRef(new Map<string, ReactElement>());
  useScrollMemory(pathname, isKeptPage);
  const forget = useCallback((path: string) => {
    kept.current.delete(path);
  }, []);

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
        <KeptPage key={path} isActive={path === pathname} forget={forget}>
          {element}
        </KeptPage>
      ))}
      {!isKeptPage && outlet}
    </>
  );
}

function KeptPage(props: {
  isActive: boolean;
  forget: (path: string) => void;
  children: ReactElement;
}): ReactNode {
  const { isActive, forget } = props;
  const activity = useMemo(() => ({ isActive, forgetKeptPage: forget }), [isActive, forget]);
  return (
    <div hidden={!isActive}>
      <PageActivityContext value={activity}>{props.children}</PageActivityContext>
    </div>
  );
}
