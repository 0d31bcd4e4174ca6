import { Spin } from 'antd';
import { lazy, Suspense } from 'react';
import type { PlantClusterMapProps } from './PlantClusterMap';
import type { LatLng } from './types';

/** Leaflet loads only when one of these renders, so pages without a map never fetch it. */
const PlantClusterMap = lazy(() => import('./PlantClusterMap'));
const MapPicker = lazy(() => import('./MapPicker'));

const fallback = <Spin style={{ display: 'block', margin: '48px auto' }} />;

export function LazyPlantClusterMap(props: PlantClusterMapProps) {
  return (
    <Suspense fallback={fallback}>
      <PlantClusterMap {...props} />
    </Suspense>
  );
}

export function LazyMapPicker(props: { value: LatLng | null; onPick: (position: LatLng) => void }) {
  return (
    <Suspense fallback={fallback}>
      <MapPicker {...props} />
    </Suspense>
  );
}
