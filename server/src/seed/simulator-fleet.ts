import type { FleetDatalogger } from '@solar/contract';
import type { Db } from '../db/database.js';
import { DEMO_EDGE_DATALOGGER } from './demo-plants.js';

/**
 * The portal's side of the simulator seam (`@solar/contract` `simulation/seam.ts`): every
 * datalogger of a located plant and every one bound to no plant (factory stock), with its key
 * and its devices' last values, so the simulator's counters continue where they stopped. The
 * edge demo's datalogger is left out: the edge agent feeds it.
 */
export async function loadSimulatorFleet(db: Db): Promise<FleetDatalogger[]> {
  const rows = await db
    .selectFrom('dataloggers as dl')
    .leftJoin('plants as p', 'p.id', 'dl.plant_id')
    .leftJoin('devices as d', 'd.datalogger_id', 'dl.id')
    .select([
      'dl.id',
      'dl.sn',
      'dl.registration_key',
      'dl.plant_id',
      'p.name as plant_name',
      'p.latitude',
      'p.longitude',
      'p.time_zone',
      'p.capacity_kwp',
      'd.sn as device_sn',
      'd.kind',
      'd.model_code',
      'd.rated_power_kw',
      'd.dc_peak_kw',
      'd.last_values',
      'd.last_seen_at',
    ])
    .where('dl.sn', '!=', DEMO_EDGE_DATALOGGER.sn)
    .where((eb) =>
      eb.or([
        eb('dl.plant_id', 'is', null),
        eb.and([eb('p.latitude', 'is not', null), eb('p.longitude', 'is not', null)]),
      ]),
    )
    .orderBy('dl.id')
    .orderBy('d.id')
    .execute();
  const fleet = new Map<number, FleetDatalogger>();
  for (const row of rows) {
    const datalogger = fleet.get(row.id) ?? {
      id: row.id,
      sn: row.sn,
      registrationKey: row.registration_key,
      plant:
        row.plant_id === null || row.plant_name === null
          ? null
          : {
              name: row.plant_name,
              latitude: row.latitude!,
              longitude: row.longitude!,
              timeZone: row.time_zone!,
              capacityKwp: row.capacity_kwp === null ? null : Number(row.capacity_kwp),
            },
      devices: [],
    };
    fleet.set(row.id, datalogger);
    if (row.device_sn === null || row.kind === null) continue;
    datalogger.devices.push({
      sn: row.device_sn,
      kind: row.kind,
      modelCode: row.model_code,
      ratedPowerKw: row.rated_power_kw === null ? null : Number(row.rated_power_kw),
      dcPeakKw: row.dc_peak_kw === null ? null : Number(row.dc_peak_kw),
      lastValues: (row.last_values ?? {}) as Record<string, unknown>,
      lastSeenAt: row.last_seen_at?.toISOString() ?? null,
    });
  }
  return [...fleet.values()];
}
