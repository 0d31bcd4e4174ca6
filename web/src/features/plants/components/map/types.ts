import type { PlantStatus } from '@solar/contract';

export interface PlantMapPoint {
  id: number;
  name: string;
  status: PlantStatus;
  latitude: number;
  longitude: number;
}

export interface LatLng {
  latitude: number;
  longitude: number;
}
