import { Empty, Spin } from 'antd';
import { useMemo } from 'react';
import { usePlantsMap } from '../../api';
import { LazyPlantClusterMap } from './LazyMaps';
import type { PlantMapPoint } from './types';

export function PlantMapPanel() {
  const { data, isLoading } = usePlantsMap();
  const points = useMemo<PlantMapPoint[]>(
    () =>
      (data?.infos ?? []).map((plant) => ({
        id: plant.id,
        name: plant.name,
        status: plant.status,
        latitude: plant.lat,
        longitude: plant.lng,
      })),
    [data],
  );
  if (isLoading) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  if (points.length === 0) return <Empty />;
  return <LazyPlantClusterMap points={points} />;
}
