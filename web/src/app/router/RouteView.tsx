import { Suspense, type ReactNode } from 'react';
import { RouteProgress } from './RouteProgress';
import type { AppRoute } from './route-types';

export function RouteView(props: { route: AppRoute }): ReactNode {
  const Page = props.route.page;
  if (!Page) return null;
  return (
    <Suspense fallback={<RouteProgress />}>
      <Page />
    </Suspense>
  );
}
