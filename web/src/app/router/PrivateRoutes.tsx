import type { ReactNode } from 'react';
import { Navigate, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { Shell } from '../shell/Shell';
import { findRoute, flattenRoutes } from '../../shared/routing/filter-routes';
import { PRIVATE_ROUTES } from './private-routes';
import { NOT_FOUND_ROUTE, PUBLIC_ROUTES } from './public-routes';
import { useHeldPermissions } from '../../shared/permissions/PermissionContext';
import type { AppRoute } from '../../shared/routing/route-types';
import { RouteView } from './RouteView';
import { useSignedInRoutes } from '../../shared/routing/RoutesContext';
import { useDocumentTitle } from './useDocumentTitle';

/**
 * A hidden route stays in the table whatever the permissions (section 2), but one that names a
 * permission the user lacks (`/plant-add` for a viewer) answers 403 before its page loads.
 */
function toRouteObject(route: AppRoute, held: ReadonlySet<string>): RouteObject {
  if (route.redirect)
    return { path: route.path, element: <Navigate to={route.redirect} replace /> };
  if (route.permission && !held.has(route.permission))
    return { path: route.path, element: <Navigate to="/403" replace /> };
  // Keep-alive pages render through the shell's cache, not the outlet.
  return { path: route.path, element: <RouteView route={route} /> };
}

/** A known page the user's permissions leave out goes to 403; anything else to the 404. */
function Fallback(): ReactNode {
  const { pathname } = useLocation();
  if (findRoute(PRIVATE_ROUTES, pathname)) return <Navigate to="/403" replace />;
  return <RouteView route={NOT_FOUND_ROUTE} />;
}

const FORBIDDEN_ROUTE = PUBLIC_ROUTES.find((route) => route.path === '/403');

export function PrivateRoutes(): ReactNode {
  const { routes } = useSignedInRoutes();
  const { pathname } = useLocation();
  useDocumentTitle(findRoute(routes, pathname) ?? NOT_FOUND_ROUTE);
  const held = useHeldPermissions();
  const home = routes.find((route) => !route.hidden)?.path ?? '/edit';
  // 403 and 404 render inside the shell: the menu stays to go somewhere allowed.
  return useRoutes([
    {
      path: '/',
      element: <Shell />,
      children: [
        { index: true, element: <Navigate to={home} replace /> },
        ...flattenRoutes(routes).map((route) => toRouteObject(route, held)),
        ...(FORBIDDEN_ROUTE
          ? [{ path: '/403', element: <RouteView route={FORBIDDEN_ROUTE} /> }]
          : []),
        { path: '*', element: <Fallback /> },
      ],
    },
  ]);
}
