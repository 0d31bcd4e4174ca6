import { useLocation } from 'react-router-dom';
import { findRoute, roleButtons } from './filter-routes';
import { useSignedInRoutes } from './RoutesContext';

/**
 * The current page's button permissions (roleBtn). A route with `buttonsFrom` uses another
 * menu entry's list: the plant overview inherits the inverter page's buttons.
 */
export function useRouteButtons(): string[] {
  const { routes, tree } = useSignedInRoutes();
  const route = findRoute(routes, useLocation().pathname);
  const source = route?.buttonsFrom ?? route?.permission;
  return source ? roleButtons(tree, source) : [];
}
