import { inverterRatedPowerKw, rounded } from '@solar/contract';
import type { Db } from '../db/database.js';

type Numeric = string | number | null;

export interface InverterPeakSource {
  id: number;
  /** Set for this inverter, kWp; null takes the default. */
  dcPeakKw: Numeric;
  ratedPowerKw: Numeric;
  modelCode: string | null;
}

/**
 * The DC peak power behind each inverter of a plant, kWp: its own when set; the inverters
 * without one share what the set ones leave of the plant's capacity, by their AC ratings (equal
 * shares when one of them has no known rating), so the inverters add up to the plant. Null
 * without a plant capacity to share.
 */
export function dcPeaksKw(
  inverters: readonly InverterPeakSource[],
  plantCapacityKwp: number | null,
): Map<number, number | null> {
  const unset = inverters.filter((inverter) => inverter.dcPeakKw === null);
  const setKwp = inverters.reduce(
    (sum, i) => sum + (i.dcPeakKw === null ? 0 : Number(i.dcPeakKw)),
    0,
  );
  const left = Math.max((plantCapacityKwp ?? 0) - setKwp, 0);
  const ratings = unset.map((i) => inverterRatedPowerKw(i.ratedPowerKw, i.modelCode) ?? 0);
  const ratingSum = ratings.reduce((sum, rating) => sum + rating, 0);
  const isRatedAlike = ratings.every((rating) => rating > 0);
  const shares = new Map(
    unset.map((inverter, index) => [
      inverter.id,
      isRatedAlike ? ratings[index]! / ratingSum : 1 / unset.length,
    ]),
  );
  return new Map(
    inverters.map((inverter) => {
      if (inverter.dcPeakKw !== null) return [inverter.id, Number(inverter.dcPeakKw)];
      if (!plantCapacityKwp || plantCapacityKwp <= 0) return [inverter.id, null];
      return [inverter.id, rounded.kWh(left * shares.get(inverter.id)!)];
    }),
  );
}

const PEAK_SOURCE = [
  'devices.id',
  'devices.dc_peak_kw as dcPeakKw',
  'devices.rated_power_kw as ratedPowerKw',
  'devices.model_code as modelCode',
] as const;

/** The DC peak power of every inverter on the plant of `plantId`, by device id. */
export async function plantDcPeaksKw(db: Db, plantId: number): Promise<Map<number, number | null>> {
  const rows = await db
    .selectFrom('devices')
    .innerJoin('dataloggers', 'dataloggers.id', 'devices.datalogger_id')
    .innerJoin('plants', 'plants.id', 'dataloggers.plant_id')
    .select([...PEAK_SOURCE, 'plants.capacity_kwp as capacityKwp'])
    .where('plants.id', '=', plantId)
    .where('devices.kind', '=', 'inverter')
    .execute();
  const capacity = rows[0] ? Number(rows[0].capacityKwp) : null;
  return dcPeaksKw(rows, capacity);
}

/** The DC peak power behind each of a plant's inverters given by id, the plant's capacity known. */
export async function inverterDcPeaksKw(
  db: Db,
  inverterIds: readonly number[],
  plantCapacityKwp: number,
): Promise<Map<number, number | null>> {
  if (inverterIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('devices')
    .select(PEAK_SOURCE)
    .where('devices.id', 'in', inverterIds)
    .execute();
  return dcPeaksKw(rows, plantCapacityKwp);
}
