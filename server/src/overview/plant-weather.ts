import type { EndpointData, plantWeather } from '@solar/contract';
import type { Db } from '../db/database.js';

type PlantWeather = EndpointData<typeof plantWeather>;

function reading(values: Record<string, unknown>, key: string): number | null {
  const value = values[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/**
 * The weather at a plant as its weather station last measured it (device protocol, weather
 * station values); with several stations, the first one added. Null when the plant has none.
 */
export async function weatherOf(db: Db, stationIds: readonly number[]): Promise<PlantWeather> {
  if (stationIds.length === 0) return null;
  const station = await db
    .selectFrom('devices')
    .select(['sn', 'status', 'last_seen_at', 'last_values'])
    .where('id', 'in', stationIds)
    .orderBy('id')
    .executeTakeFirst();
  if (!station) return null;
  const values = (station.last_values ?? {}) as Record<string, unknown>;
  return {
    sn: station.sn,
    status: station.status,
    ts: station.last_seen_at ? new Date(station.last_seen_at).toISOString() : null,
    irradianceWm2: reading(values, 'irradiance_wm2'),
    ambientC: reading(values, 'ambient_c'),
    moduleC: reading(values, 'module_c'),
    windMs: reading(values, 'wind_ms'),
  };
}
