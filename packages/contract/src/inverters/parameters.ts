import { z } from 'zod';

/**
 * The parameters of an inverter's day curves and custom-parameter chart, derived from the device
 * protocol's value keys. MPPT strings and AC phases arrive as arrays (`pv: [{v, i}]`,
 * `ac: [{v, i}]`) and become numbered keys (`pv1_v`, `pv1_i`, `pv1_p` = v × i). Series of the
 * plant's other devices carry a prefix (`meter_p_grid_w`); see `SERIES_GROUPS`.
 */

/**
 * The day-curve groups of spec section 7 and what each holds:
 * - input: per MPPT string voltage, current and power (v × i);
 * - output: per AC phase voltage, current and power (v × i);
 * - grid: grid frequency and power factor reported by the inverter;
 * - generation: the inverter's AC power and its energy counter of the day;
 * - meter: grid power at the plant's meters (positive import, negative export), summed per instant;
 * - battery: battery power (positive discharge) summed and state of charge averaged over the
 *   plant's batteries;
 * - eps: the inverter's backup (EPS) output power, a value hybrid models report as `eps_p_w`;
 * - load: consumption measured by the plant's meters (`p_load_w`), summed per instant.
 */
export const SERIES_GROUPS = [
  'input',
  'output',
  'grid',
  'generation',
  'meter',
  'battery',
  'eps',
  'load',
] as const;
export type SeriesGroup = (typeof SERIES_GROUPS)[number];

interface ParameterBase {
  group: SeriesGroup;
  unit: string;
}

const BASES = {
  pac_w: {
    group: 'generation',
    unit: 'W',
  },
  e_day_kwh: {
    group: 'generation',
    unit: 'kWh',
  },
  e_total_kwh: {
    group: 'generation',
    unit: 'kWh',
  },
  freq_hz: {
    group: 'grid',
    unit: 'Hz',
  },
  pf: {
    group: 'grid',
    unit: '',
  },
  temp_c: {
    group: 'generation',
    unit: '°C',
  },
  pv_v: {
    group: 'input',
    unit: 'V',
  },
  pv_i: {
    group: 'input',
    unit: 'A',
  },
  pv_p: {
    group: 'input',
    unit: 'W',
  },
  ac_v: {
    group: 'output',
    unit: 'V',
  },
  ac_i: {
    group: 'output',
    unit: 'A',
  },
  ac_p: {
    group: 'output',
    unit: 'W',
  },
  meter_p_grid_w: {
    group: 'meter',
    unit: 'W',
  },
  battery_p_bat_w: {
    group: 'battery',
    unit: 'W',
  },
  battery_soc_pct: {
    group: 'battery',
    unit: '%',
  },
  eps_p_w: {
    group: 'eps',
    unit: 'W',
  },
  load_p_load_w: {
    group: 'load',
    unit: 'W',
  },
} satisfies Record<string, ParameterBase>;

export type ParameterBaseKey = keyof typeof BASES;

/** Parameters numbered per string or phase. */
const INDEXED = /^(pv|ac)(\d{1,2})_(v|i|p)$/;
/** The highest string number of the protocol (`pv` has at most 32 entries). */
export const MAX_STRINGS = 32;
export const MAX_PHASES = 3;

export interface ParameterInfo {
  key: string;
  base: ParameterBaseKey;
  /** The string or phase number, or null. */
  index: number | null;
  group: SeriesGroup;
  unit: string;
}

/** What a parameter key means, or null when the key is not one of the chartable ones. */
export function describeParameter(key: string): ParameterInfo | null {
  const match = INDEXED.exec(key);
  if (match) {
    const kind = match[1] as 'pv' | 'ac';
    const index = Number(match[2]);
    const limit = kind === 'pv' ? MAX_STRINGS : MAX_PHASES;
    if (index < 1 || index > limit || String(index) !== match[2]) return null;
    const base = `${kind}_${match[3]}` as ParameterBaseKey;
    return { key, base, index, group: BASES[base].group, unit: BASES[base].unit };
  }
  if (!Object.hasOwn(BASES, key)) return null;
  const base = key as ParameterBaseKey;
  return { key, base, index: null, group: BASES[base].group, unit: BASES[base].unit };
}

/** The `parameters` texts of one locale (`locales/<locale>/parameters.json`). */
export interface ParameterTexts {
  time: string;
  /** By base key; `{{n}}` stands for the string or phase number. */
  labels: Partial<Record<string, string>>;
}

/** The parameter's name in a language (`PV2 voltage`), the key itself when unknown. */
export function parameterLabel(key: string, texts: ParameterTexts): string {
  const info = describeParameter(key);
  const template = info ? texts.labels[info.base] : undefined;
  if (!info || template === undefined) return key;
  return template.replace('{{n}}', String(info.index ?? ''));
}

/**
 * Spec section 9: a chart of selectable parameters takes at most 6 of them with at most 2
 * different units (one y-axis each); the other chart (the series of one day-curve group) takes 30.
 */
export const CHART_SELECTION_RULES = {
  custom: { maxParameters: 6, maxUnits: 2 },
  series: { maxParameters: 30, maxUnits: 2 },
} as const;
export type ChartSelectionRule = (typeof CHART_SELECTION_RULES)[keyof typeof CHART_SELECTION_RULES];

export type SelectionProblem =
  'validation.chartUnknown' | 'validation.chartCount' | 'validation.chartUnits';

/** Why a selection breaks the rule, or null when it keeps it (both sides call this). */
export function selectionProblem(
  keys: readonly string[],
  rule: ChartSelectionRule,
): SelectionProblem | null {
  if (keys.length === 0 || keys.length > rule.maxParameters) return 'validation.chartCount';
  if (new Set(keys).size !== keys.length) return 'validation.chartCount';
  const units = new Set<string>();
  for (const key of keys) {
    const info = describeParameter(key);
    if (!info) return 'validation.chartUnknown';
    units.add(info.unit);
  }
  return units.size > rule.maxUnits ? 'validation.chartUnits' : null;
}

/** The query form of a selection: keys joined by commas, checked against the rule. */
export function parameterSelection(rule: ChartSelectionRule) {
  return z
    .string()
    .max(400)
    .transform((text) => text.split(',').map((key) => key.trim()))
    .superRefine((keys, ctx) => {
      const problem = selectionProblem(keys, rule);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });
}

/** The longest prefix-respecting selection of `keys` (in order) that keeps the rule. */
export function fitSelection(keys: readonly string[], rule: ChartSelectionRule): string[] {
  const chosen: string[] = [];
  for (const key of keys) {
    if (chosen.length >= rule.maxParameters) break;
    if (selectionProblem([...chosen, key], rule) === null) chosen.push(key);
  }
  return chosen;
}
