import { Suspense, useMemo, type ReactNode } from 'react';
import { PageButtonsContext } from '../../shared/permissions/PermissionContext';
import { pageButtons } from './page-buttons';
import { RouteProgress } from './RouteProgress';
import type { AppRoute } from '../../shared/routing/route-types';
import { useSignedInRoutes } from '../../shared/routing/RoutesContext';

/** One page: its chunk behind a progress bar, its roleBtn list for the buttons inside. */
export function RouteView(props: { route: AppRoute }): ReactNode {
  const { routes, tree } = useSignedInRoutes();
  const { route } = props;
  // Public pages have no signed-in route table and no buttons to guard.
  const buttons = useMemo(
    () => (routes.length === 0 ? undefined : pageButtons(routes, tree, route)),
    [routes, tree, route],
  );
  const Page = route.page;
  if (!Page) return null;
  return (
    <PageButtonsContext value={buttons}>
      <Suspense fallback={<RouteProgress />}>
        <Page />
      </Suspense>
    </PageButtonsContext>
  );
}
