import type { ReactNode } from 'react';
import { Navigate, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { Shell } from '../shell/Shell';
import { findRoute, flattenRoutes } from './filter-routes';
import { PRIVATE_ROUTES } from './private-routes';
import { NOT_FOUND_ROUTE } from './public-routes';
import type { AppRoute } from './route-types';
import { RouteView } from './RouteView';
import { useSignedInRoutes } from './RoutesContext';
import { useDocumentTitle } from './useDocumentTitle';

function toRouteObject(route: AppRoute): RouteObject {
  if (route.redirect)
    return { path: route.path, element: <Navigate to={route.redirect} replace /> };
  // Keep-alive pages render through the shell's cache, not the outlet.
  return { path: route.path, element: <RouteView route={route} /> };
}

/** A known page the user's permissions leave out goes to 403; anything else to the 404. */
function Fallback(): ReactNode {
  const { pathname } = useLocation();
  if (findRoute(PRIVATE_ROUTES, pathname)) return <Navigate to="/403" replace />;
  return <RouteView route={NOT_FOUND_ROUTE} />;
}

export function PrivateRoutes(): ReactNode {
  const { routes } = useSignedInRoutes();
  const { pathname } = useLocation();
  useDocumentTitle(findRoute(routes, pathname) ?? NOT_FOUND_ROUTE);
  const home = routes.find((route) => !route.hidden)?.path ?? '/edit';
  return useRoutes([
    {
      path: '/',
      element: <Shell />,
      children: [
        { index: true, element: <Navigate to={home} replace /> },
        ...flattenRoutes(routes).map(toRouteObject),
      ],
    },
    { path: '*', element: <Fallback /> },
  ]);
}
