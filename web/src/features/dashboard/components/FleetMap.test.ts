import { describe, expect, it } from 'vitest';
import type { PortfolioPlant } from '../api';
import { mapPoints } from './FleetMap';

const plant = (id: number, latitude: number | null, longitude: number | null) =>
  ({ id, name: `Plant ${id}`, status: 'fault', latitude, longitude }) as PortfolioPlant;

describe('mapPoints', () => {
  it('places the positioned plants with their status and leaves the others out', () => {
    expect(mapPoints([plant(1, 48.1, 11.6), plant(2, null, null), plant(3, 0, 0)])).toEqual([
      { id: 1, name: 'Plant 1', status: 'fault', latitude: 48.1, longitude: 11.6 },
      { id: 3, name: 'Plant 3', status: 'fault', latitude: 0, longitude: 0 },
    ]);
  });
});
