import { Card } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyPlantClusterMap } from '../../plants/components/map/LazyMaps';
import type { PlantMapPoint } from '../../plants/components/map/types';
import type { PortfolioPlant } from '../api';

const MAP_HEIGHT = 360;
/** Up to this many plants keep their names beside the markers; more would cover the map. */
export const MAX_LABELLED = 12;

/** The positioned plants of the portfolio answer (no request of its own). */
export function mapPoints(plants: readonly PortfolioPlant[]): PlantMapPoint[] {
  return plants.flatMap(({ id, name, status, latitude, longitude }) =>
    latitude === null || longitude === null ? [] : [{ id, name, status, latitude, longitude }],
  );
}

/** The fleet's plants as status-coloured, labelled markers (a click opens the plant). */
export function FleetMap({ plants }: { plants: readonly PortfolioPlant[] }) {
  const { t } = useTranslation('plants');
  const points = useMemo(() => mapPoints(plants), [plants]);
  if (points.length === 0) return null;
  return (
    <Card size="small" title={t('dashboard.map')} styles={{ body: { padding: 0 } }}>
      <LazyPlantClusterMap
        points={points}
        height={MAP_HEIGHT}
        isLabelled={points.length <= MAX_LABELLED}
      />
    </Card>
  );
}
