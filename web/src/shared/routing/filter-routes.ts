import type { PermissionNode } from '@solar/contract';
import { matchPath } from 'react-router-dom';
import type { AppRoute } from './route-types';

function isKept(route: AppRoute, held: ReadonlySet<string>): boolean {
  return route.hidden === true || route.permission === undefined || held.has(route.permission);
}

/**
 * Section 2's rule: a route stays when its permission is held or it is hidden. A held group's
 * redirect moves to its first visible child left; a held group left with hidden children only
 * keeps them (the device settings page, say) but leaves the menu and sends its own path home.
 */
export function filterRoutes(routes: readonly AppRoute[], held: ReadonlySet<string>): AppRoute[] {
  return routes.flatMap((route) => {
    if (!isKept(route, held)) return [];
    if (!route.children) return [route];
    const children = filterRoutes(route.children, held);
    const firstVisible = children.find((child) => !child.hidden);
    if (!firstVisible) {
      return children.length > 0 ? [{ ...route, children, hidden: true, redirect: '/' }] : [];
    }
    const target = children.some((child) => child.path === route.redirect)
      ? route.redirect
      : firstVisible.path;
    return [{ ...route, children, redirect: target }];
  });
}

export function flattenRoutes(routes: readonly AppRoute[]): AppRoute[] {
  return routes.flatMap((route) => [route, ...flattenRoutes(route.children ?? [])]);
}

export function findRoute(routes: readonly AppRoute[], pathname: string): AppRoute | undefined {
  return flattenRoutes(routes).find((route) =>
    matchPath({ path: route.path, end: true }, pathname),
  );
}

/** The menu item to highlight: the route's activeMenu, else its own path. */
export function activeMenuKey(routes: readonly AppRoute[], pathname: string): string {
  const route = findRoute(routes, pathname);
  return route?.activeMenu ?? route?.path ?? pathname;
}

/** Hidden routes never show in the menu. */
export function menuRoutes(routes: readonly AppRoute[]): AppRoute[] {
  return routes
    .filter((route) => !route.hidden)
    .map((route) => (route.children ? { ...route, children: menuRoutes(route.children) } : route));
}

/** The button permissions (roleBtn) the server lists under one menu entry. */
export function roleButtons(tree: readonly PermissionNode[], menuPermission: string): string[] {
  for (const node of tree) {
    if (node.permission === menuPermission) {
      return node.children.filter((child) => child.type !== 0).map((child) => child.permission);
    }
    const found = roleButtons(node.children, menuPermission);
    if (found.length > 0) return found;
  }
  return [];
}
