import { z } from 'zod';
import { LOCALES, type Locale, type Translated } from '../i18n/locales.js';

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

type Row = [
  zh_CN: string,
  en: string,
  es: string,
  de: string,
  po: string,
  tr: string,
  cz: string,
  el: string,
  pt: string,
  it: string,
  da: string,
  fi: string,
  fr: string,
];

interface ParameterBase {
  group: SeriesGroup;
  unit: string;
  /** `{n}` stands for the string or phase number. */
  label: Row;
}

// One parameter per block with its label row in locale order; Prettier would split each row.
// prettier-ignore
const BASES = {
  pac_w: {
    group: 'generation',
    unit: 'W',
    label: ['交流功率', 'AC power', 'Potencia CA', 'AC-Leistung', 'Moc AC', 'AC gücü', 'Výkon AC', 'Ισχύς AC', 'Potência CA', 'Potenza CA', 'AC-effekt', 'AC-teho', 'Puissance CA'],
  },
  e_day_kwh: {
    group: 'generation',
    unit: 'kWh',
    label: ['当日发电量', 'Energy today', 'Energía de hoy', 'Energie heute', 'Energia dzisiaj', 'Bugünkü enerji', 'Energie dnes', 'Ενέργεια σήμερα', 'Energia hoje', 'Energia oggi', 'Energi i dag', 'Energia tänään', "Énergie aujourd'hui"],
  },
  e_total_kwh: {
    group: 'generation',
    unit: 'kWh',
    label: ['累计发电量', 'Total energy', 'Energía total', 'Gesamtenergie', 'Energia całkowita', 'Toplam enerji', 'Celková energie', 'Συνολική ενέργεια', 'Energia total', 'Energia totale', 'Samlet energi', 'Kokonaisenergia', 'Énergie totale'],
  },
  freq_hz: {
    group: 'grid',
    unit: 'Hz',
    label: ['电网频率', 'Grid frequency', 'Frecuencia de red', 'Netzfrequenz', 'Częstotliwość sieci', 'Şebeke frekansı', 'Frekvence sítě', 'Συχνότητα δικτύου', 'Frequência da rede', 'Frequenza di rete', 'Netfrekvens', 'Verkon taajuus', 'Fréquence du réseau'],
  },
  pf: {
    group: 'grid',
    unit: '',
    label: ['功率因数', 'Power factor', 'Factor de potencia', 'Leistungsfaktor', 'Współczynnik mocy', 'Güç faktörü', 'Účiník', 'Συντελεστής ισχύος', 'Fator de potência', 'Fattore di potenza', 'Effektfaktor', 'Tehokerroin', 'Facteur de puissance'],
  },
  temp_c: {
    group: 'generation',
    unit: '°C',
    label: ['温度', 'Temperature', 'Temperatura', 'Temperatur', 'Temperatura', 'Sıcaklık', 'Teplota', 'Θερμοκρασία', 'Temperatura', 'Temperatura', 'Temperatur', 'Lämpötila', 'Température'],
  },
  pv_v: {
    group: 'input',
    unit: 'V',
    label: ['PV{n}电压', 'PV{n} voltage', 'Tensión PV{n}', 'PV{n}-Spannung', 'Napięcie PV{n}', 'PV{n} gerilimi', 'Napětí PV{n}', 'Τάση PV{n}', 'Tensão PV{n}', 'Tensione PV{n}', 'PV{n}-spænding', 'PV{n}-jännite', 'Tension PV{n}'],
  },
  pv_i: {
    group: 'input',
    unit: 'A',
    label: ['PV{n}电流', 'PV{n} current', 'Corriente PV{n}', 'PV{n}-Strom', 'Prąd PV{n}', 'PV{n} akımı', 'Proud PV{n}', 'Ρεύμα PV{n}', 'Corrente PV{n}', 'Corrente PV{n}', 'PV{n}-strøm', 'PV{n}-virta', 'Courant PV{n}'],
  },
  pv_p: {
    group: 'input',
    unit: 'W',
    label: ['PV{n}功率', 'PV{n} power', 'Potencia PV{n}', 'PV{n}-Leistung', 'Moc PV{n}', 'PV{n} gücü', 'Výkon PV{n}', 'Ισχύς PV{n}', 'Potência PV{n}', 'Potenza PV{n}', 'PV{n}-effekt', 'PV{n}-teho', 'Puissance PV{n}'],
  },
  ac_v: {
    group: 'output',
    unit: 'V',
    label: ['{n}相电压', 'Phase {n} voltage', 'Tensión fase {n}', 'Spannung Phase {n}', 'Napięcie fazy {n}', 'Faz {n} gerilimi', 'Napětí fáze {n}', 'Τάση φάσης {n}', 'Tensão fase {n}', 'Tensione fase {n}', 'Spænding fase {n}', 'Vaiheen {n} jännite', 'Tension phase {n}'],
  },
  ac_i: {
    group: 'output',
    unit: 'A',
    label: ['{n}相电流', 'Phase {n} current', 'Corriente fase {n}', 'Strom Phase {n}', 'Prąd fazy {n}', 'Faz {n} akımı', 'Proud fáze {n}', 'Ρεύμα φάσης {n}', 'Corrente fase {n}', 'Corrente fase {n}', 'Strøm fase {n}', 'Vaiheen {n} virta', 'Courant phase {n}'],
  },
  ac_p: {
    group: 'output',
    unit: 'W',
    label: ['{n}相功率', 'Phase {n} power', 'Potencia fase {n}', 'Leistung Phase {n}', 'Moc fazy {n}', 'Faz {n} gücü', 'Výkon fáze {n}', 'Ισχύς φάσης {n}', 'Potência fase {n}', 'Potenza fase {n}', 'Effekt fase {n}', 'Vaiheen {n} teho', 'Puissance phase {n}'],
  },
  meter_p_grid_w: {
    group: 'meter',
    unit: 'W',
    label: ['电网功率', 'Grid power', 'Potencia de red', 'Netzleistung', 'Moc sieci', 'Şebeke gücü', 'Výkon sítě', 'Ισχύς δικτύου', 'Potência da rede', 'Potenza di rete', 'Neteffekt', 'Verkkoteho', 'Puissance réseau'],
  },
  battery_p_bat_w: {
    group: 'battery',
    unit: 'W',
    label: ['电池功率', 'Battery power', 'Potencia de batería', 'Batterieleistung', 'Moc baterii', 'Batarya gücü', 'Výkon baterie', 'Ισχύς μπαταρίας', 'Potência da bateria', 'Potenza batteria', 'Batterieffekt', 'Akun teho', 'Puissance batterie'],
  },
  battery_soc_pct: {
    group: 'battery',
    unit: '%',
    label: ['电池SOC', 'Battery SOC', 'SOC de batería', 'Batterie-SOC', 'SOC baterii', 'Batarya SOC', 'SOC baterie', 'SOC μπαταρίας', 'SOC da bateria', 'SOC batteria', 'Batteri-SOC', 'Akun SOC', 'SOC batterie'],
  },
  eps_p_w: {
    group: 'eps',
    unit: 'W',
    label: ['EPS功率', 'EPS power', 'Potencia EPS', 'EPS-Leistung', 'Moc EPS', 'EPS gücü', 'Výkon EPS', 'Ισχύς EPS', 'Potência EPS', 'Potenza EPS', 'EPS-effekt', 'EPS-teho', 'Puissance EPS'],
  },
  load_p_load_w: {
    group: 'load',
    unit: 'W',
    label: ['负载功率', 'Load power', 'Potencia de carga', 'Lastleistung', 'Moc obciążenia', 'Yük gücü', 'Výkon zátěže', 'Ισχύς φορτίου', 'Potência da carga', 'Potenza carico', 'Belastningseffekt', 'Kuorman teho', 'Puissance de charge'],
  },
} satisfies Record<string, ParameterBase>;

export type ParameterBaseKey = keyof typeof BASES;

// prettier-ignore
const TIME_LABEL: Row = ['时间', 'Time', 'Hora', 'Zeit', 'Czas', 'Zaman', 'Čas', 'Ώρα', 'Hora', 'Ora', 'Tid', 'Aika', 'Heure'];

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

function localeIndex(locale: Locale): number {
  return LOCALES.indexOf(locale);
}

/** The parameter's name in a language (`PV2 voltage`), the key itself when unknown. */
export function parameterLabel(key: string, locale: Locale): string {
  const info = describeParameter(key);
  if (!info) return key;
  const template = BASES[info.base].label[localeIndex(locale)] ?? BASES[info.base].label[1];
  return template.replace('{n}', String(info.index ?? ''));
}

export function timeLabel(locale: Locale): string {
  return TIME_LABEL[localeIndex(locale)] ?? TIME_LABEL[1];
}

export function parameterLabels(key: string): Translated {
  return Object.fromEntries(
    LOCALES.map((locale) => [locale, parameterLabel(key, locale)]),
  ) as Translated;
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
