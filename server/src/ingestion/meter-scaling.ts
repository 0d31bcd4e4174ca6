import type { Db } from '../db/database.js';

/** A meter's wiring as stored by the portal (`meter_settings`). */
export interface MeterScale {
  ctRatio: number;
  ptRatio: number;
  buyOffsetKwh: number;
  sellOffsetKwh: number;
}

/** What a reading's unit is multiplied by: current by CT, voltage by PT, power and energy by both. */
const UNIT_FACTORS: readonly { suffix: string; factor: (scale: MeterScale) => number }[] = [
  { suffix: '_a', factor: (s) => s.ctRatio },
  { suffix: '_v', factor: (s) => s.ptRatio },
  { suffix: '_w', factor: (s) => s.ctRatio * s.ptRatio },
  { suffix: '_var', factor: (s) => s.ctRatio * s.ptRatio },
  { suffix: '_va', factor: (s) => s.ctRatio * s.ptRatio },
  { suffix: '_kwh_total', factor: (s) => s.ctRatio * s.ptRatio },
];

const OFFSETS: readonly { key: string; offset: (scale: MeterScale) => number }[] = [
  { key: 'import_kwh_total', offset: (s) => s.buyOffsetKwh },
  { key: 'export_kwh_total', offset: (s) => s.sellOffsetKwh },
];

/** Scaled values keep three decimals: a product of binary fractions would show noise digits. */
const round3 = (value: number) => Math.round(value * 1000) / 1000;

function factorOf(key: string, scale: MeterScale): number {
  return UNIT_FACTORS.find(({ suffix }) => key.endsWith(suffix))?.factor(scale) ?? 1;
}

/**
 * A meter's reading in primary values: the meter reports what its current and voltage
 * transformers pass on (secondary values), so currents are multiplied by the CT ratio, voltages
 * by the PT ratio, power and energy counters by both; then the buy offset is added to the import
 * counter and the sell offset to the export counter (a replaced meter continues the old one's
 * count). Other values (text, codes, temperatures) pass unchanged.
 */
export function primaryMeterValues(
  values: Record<string, unknown>,
  scale: MeterScale,
): Record<string, unknown> {
  const primary: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    primary[key] =
      typeof value === 'number' && Number.isFinite(value)
        ? round3(value * factorOf(key, scale))
        : value;
  }
  for (const { key, offset } of OFFSETS) {
    const value = primary[key];
    if (typeof value === 'number' && Number.isFinite(value))
      primary[key] = round3(value + offset(scale));
  }
  return primary;
}

/** The stored scale of the given meters; meters never configured are left out (they read as is). */
export async function meterScales(
  db: Db,
  meterIds: readonly number[],
): Promise<Map<number, MeterScale>> {
  if (meterIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('meter_settings')
    .select(['device_id', 'ct_ratio', 'pt_ratio', 'buy_offset_kwh', 'sell_offset_kwh'])
    .where('device_id', 'in', meterIds)
    .execute();
  return new Map(
    rows.map((row) => [
      row.device_id,
      {
        ctRatio: Number(row.ct_ratio),
        ptRatio: Number(row.pt_ratio),
        buyOffsetKwh: Number(row.buy_offset_kwh),
        sellOffsetKwh: Number(row.sell_offset_kwh),
      },
    ]),
  );
}
