import type { PermissionNode } from '@solar/contract';
import { findRoute, roleButtons } from '../../shared/routing/filter-routes';
import type { AppRoute } from '../../shared/routing/route-types';

/**
 * The menu entries whose roleBtn lists a page shows: its own, the one it borrows with
 * `buttonsFrom`, and the menu item it highlights. Hidden sub-pages (overview, edit, agents)
 * have no menu entry of their own and act for the page they highlight.
 */
function buttonSources(routes: readonly AppRoute[], route: AppRoute): string[] {
  const menuRoute = route.activeMenu ? findRoute(routes, route.activeMenu) : undefined;
  return [route.permission, route.buttonsFrom, menuRoute?.permission].filter(
    (source) => source !== undefined,
  );
}

/**
 * The button permissions (roleBtn) of one page; the plant overview adds the inverter page's
 * buttons to the plant list's.
 */
export function pageButtons(
  routes: readonly AppRoute[],
  tree: readonly PermissionNode[],
  route: AppRoute,
): ReadonlySet<string> {
  return new Set(buttonSources(routes, route).flatMap((source) => roleButtons(tree, source)));
}
