import {
  type DayBounds,
  DEVICE_FAMILIES,
  type FamilySeries,
  type GenericFamilyId,
  VALUE_FORMAT_UNITS,
} from '@solar/contract';
import type { Db } from '../db/database.js';
import { deviceValuesOf, fieldPattern } from './device-values.js';

/**
 * The day curves of one device from its stored samples (every reading): one series per value
 * key the family's descriptor names, in the descriptor's order, numbered keys in number order.
 */
export async function familyDaySeries(
  db: Db,
  family: GenericFamilyId,
  deviceId: number,
  bounds: DayBounds,
): Promise<FamilySeries[]> {
  const samples = await db
    .selectFrom('samples')
    .select(['ts', 'values'])
    .where('device_id', '=', deviceId)
    .where('ts', '>=', bounds.from)
    .where('ts', '<', bounds.to)
    .orderBy('ts')
    .execute();
  const fields = DEVICE_FAMILIES[family].series.map((field) => {
    const pattern = field.key.includes('*') ? fieldPattern(field.key) : null;
    return {
      unit: VALUE_FORMAT_UNITS[field.format],
      /** The entry's number for a numbered key, 0 for a plain one; null when it does not match. */
      numberOf: (key: string) =>
        pattern ? Number(pattern.exec(key)?.[1] ?? NaN) || null : key === field.key ? 0 : null,
    };
  });
  const series = new Map<string, FamilySeries & { order: number; index: number }>();
  for (const sample of samples) {
    const ts = new Date(sample.ts).getTime();
    for (const [key, value] of Object.entries(deviceValuesOf(family, sample.values))) {
      if (typeof value !== 'number') continue;
      const order = fields.findIndex((field) => field.numberOf(key) !== null);
      if (order < 0) continue;
      let entry = series.get(key);
      if (!entry) {
        const field = fields[order]!;
        const index = field.numberOf(key) ?? 0;
        series.set(key, (entry = { key, unit: field.unit, points: [], order, index }));
      }
      entry.points.push([ts, value]);
    }
  }
  return [...series.values()]
    .sort((a, b) => a.order - b.order || a.index - b.index)
    .map(({ key, unit, points }) => ({ key, unit, points }));
}
