import {
  BOX_PRODUCING_MIN_A,
  type DeviceValueField,
  type DeviceWarning,
  type GenericFamilyId,
  WEAK_STRING_RATIO,
} from '@solar/contract';

/**
 * A device's readings as the generic pages show them: scalars as sent, lists of `{v, i}`
 * flattened to numbered keys (`strings: [{v, i}]` → `strings1_v`, `strings1_i`), and the
 * figures a family derives from them (a combiner box's string count, total current and power).
 */
export type FlatValues = Record<string, number | string | null>;

const isFiniteNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

function objectOf(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function voltageCurrents(value: unknown): { v: number; i: number }[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry: unknown) => {
    const { v, i } = objectOf(entry);
    return isFiniteNumber(v) && isFiniteNumber(i) ? [{ v, i }] : [];
  });
}

export function flattenValues(raw: unknown): FlatValues {
  const flat: FlatValues = {};
  for (const [key, value] of Object.entries(objectOf(raw))) {
    if (isFiniteNumber(value) || typeof value === 'string') flat[key] = value;
    else if (Array.isArray(value)) {
      voltageCurrents(value).forEach(({ v, i }, index) => {
        flat[`${key}${index + 1}_v`] = v;
        flat[`${key}${index + 1}_i`] = i;
      });
    }
  }
  return flat;
}

const round = (value: number, digits: number) => Number(value.toFixed(digits));

/** Box totals from its strings: count, summed current, summed power (v × i). */
function boxTotals(raw: unknown): FlatValues {
  const strings = voltageCurrents(objectOf(raw).strings);
  if (strings.length === 0) return {};
  return {
    string_count: strings.length,
    i_total_a: round(
      strings.reduce((sum, s) => sum + s.i, 0),
      2,
    ),
    p_w: round(
      strings.reduce((sum, s) => sum + s.v * s.i, 0),
      1,
    ),
  };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * Strings of a producing box whose current is below `WEAK_STRING_RATIO` of the median of all its
 * strings: a blown fuse, a shaded or soiled string, a broken connector. Not judged while the box
 * produces (nearly) nothing, at night or with fewer than three strings to compare.
 */
export function weakStrings(raw: unknown): DeviceWarning[] {
  const strings = voltageCurrents(objectOf(raw).strings);
  if (strings.length < 3) return [];
  const typical = median(strings.map((s) => s.i));
  if (typical < BOX_PRODUCING_MIN_A) return [];
  return strings.flatMap((s, index) =>
    s.i < typical * WEAK_STRING_RATIO ? [{ code: 'weakString', key: `strings${index + 1}_i` }] : [],
  );
}

/** What a family derives from its readings beyond flattening them, and what it warns about. */
const FAMILY_RULES: Partial<
  Record<GenericFamilyId, { derive: (raw: unknown) => FlatValues; warn: typeof weakStrings }>
> = {
  box: { derive: boxTotals, warn: weakStrings },
};

export function deviceValuesOf(family: GenericFamilyId, raw: unknown): FlatValues {
  return { ...flattenValues(raw), ...FAMILY_RULES[family]?.derive(raw) };
}

export function deviceWarningsOf(family: GenericFamilyId, raw: unknown): DeviceWarning[] {
  return FAMILY_RULES[family]?.warn(raw) ?? [];
}

/** The values of `fields` (a `*` key stands for every numbered entry), null when missing. */
export function pickValues(values: FlatValues, fields: readonly DeviceValueField[]): FlatValues {
  const picked: FlatValues = {};
  for (const field of fields) {
    if (field.key.includes('*')) {
      const pattern = fieldPattern(field.key);
      for (const [key, value] of Object.entries(values)) if (pattern.test(key)) picked[key] = value;
    } else picked[field.key] = values[field.key] ?? null;
  }
  return picked;
}

/** `strings*_i` as a pattern matching `strings1_i`, `strings12_i`. */
export function fieldPattern(key: string): RegExp {
  const [head = '', tail = ''] = key.split('*');
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escape(head)}(\\d+)${escape(tail)}$`);
}
