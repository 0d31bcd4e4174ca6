import type { ReactNode } from 'react';
import { useLocation, useRoutes } from 'react-router-dom';
import { findRoute } from '../../shared/routing/filter-routes';
import { NOT_FOUND_ROUTE, PUBLIC_ROUTES } from './public-routes';
import { RouteView } from './RouteView';
import { useDocumentTitle } from './useDocumentTitle';

export function PublicRoutes(): ReactNode {
  const { pathname } = useLocation();
  useDocumentTitle(findRoute(PUBLIC_ROUTES, pathname) ?? NOT_FOUND_ROUTE);
  return useRoutes(
    [...PUBLIC_ROUTES, NOT_FOUND_ROUTE].map((route) => ({
      path: route.path,
      element: <RouteView route={route} />,
    })),
  );
}
