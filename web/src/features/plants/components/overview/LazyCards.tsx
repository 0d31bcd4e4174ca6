import { Card, Skeleton } from 'antd';
import { type ComponentProps, type ComponentType, lazy, Suspense } from 'react';
import type { PlantCamerasCard } from '../../../video/components/PlantCamerasCard';
import type { DevicesCard } from './DevicesCard';
import type { EventsCard } from './EventsCard';

function CardSkeleton() {
  return (
    <Card>
      <Skeleton active paragraph={{ rows: 4 }} />
    </Card>
  );
}

/** A card whose code loads apart from the page's first paint, with a skeleton meanwhile. */
function lazyCard<P extends object>(load: () => Promise<ComponentType<P>>) {
  const LoadedCard = lazy(async () => ({ default: await load() }));
  return function LazyCard(props: P) {
    return (
      <Suspense fallback={<CardSkeleton />}>
        <LoadedCard {...props} />
      </Suspense>
    );
  };
}

// The cards at the foot of the overview (tables, camera players): this file imports only their
// types, so their code stays out of the overview's first load.
export const LazyDevicesCard: ComponentType<ComponentProps<typeof DevicesCard>> = lazyCard(
  async () => (await import('./DevicesCard')).DevicesCard,
);
export const LazyEventsCard: ComponentType<ComponentProps<typeof EventsCard>> = lazyCard(
  async () => (await import('./EventsCard')).EventsCard,
);
export const LazyPlantCamerasCard: ComponentType<ComponentProps<typeof PlantCamerasCard>> =
  lazyCard(
    async () => (await import('../../../video/components/PlantCamerasCard')).PlantCamerasCard,
  );
