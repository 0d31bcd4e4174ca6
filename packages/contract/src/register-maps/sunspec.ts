import { z } from 'zod';
import {
  type EnumOption,
  type Phase,
  type RegisterEntry,
  type RegisterMap,
  registerMapProblems,
  type SettingGroup,
  type SettingsFamily,
} from './map.js';

/**
 * Import of a SunSpec information model (the JSON of the SunSpec models repository) as a
 * register map, so a new brand that speaks SunSpec needs no code. Points become entries at
 * their offsets from the model's base address; scale factors (`sf` naming a `sunssf` point)
 * become the entry's static scale from the values the device reports for them.
 */

const sunspecSymbol = z.object({
  name: z.string().min(1).max(64),
  value: z.number().int(),
  label: z.string().max(200).optional(),
});

const sunspecPoint = z.object({
  name: z.string().min(1).max(64),
  type: z.string().min(1).max(32),
  size: z.number().int().min(1).max(64).optional(),
  units: z.string().max(16).optional(),
  sf: z.union([z.string().max(64), z.number().int()]).optional(),
  access: z.enum(['R', 'RW']).optional(),
  mandatory: z.enum(['M', 'O']).optional(),
  static: z.enum(['S', 'D']).optional(),
  label: z.string().max(200).optional(),
  desc: z.string().max(2000).optional(),
  value: z.union([z.number(), z.string()]).optional(),
  symbols: z.array(sunspecSymbol).max(256).optional(),
});
type SunSpecPoint = z.infer<typeof sunspecPoint>;

export interface SunSpecGroup {
  name: string;
  type?: string;
  label?: string;
  count?: number | string;
  points?: SunSpecPoint[];
  groups?: SunSpecGroup[];
}

const sunspecGroup: z.ZodType<SunSpecGroup> = z.lazy(() =>
  z.object({
    name: z.string().min(1).max(64),
    type: z.string().max(32).optional(),
    label: z.string().max(200).optional(),
    count: z.union([z.number().int(), z.string().max(64)]).optional(),
    points: z.array(sunspecPoint).max(500).optional(),
    groups: z.array(sunspecGroup).max(50).optional(),
  }),
);

/** A SunSpec model definition as published (`{ id, group: { name, points, groups } }`). */
export const sunspecModel = z.object({
  id: z.number().int().min(1).max(65534),
  group: sunspecGroup,
});
export type SunSpecModel = z.infer<typeof sunspecModel>;

export interface SunSpecImportOptions {
  family: SettingsFamily;
  version: number;
  phases: Phase;
  /** Register address of the model's `ID` point (SunSpec maps start at 40000 with "SunS"). */
  baseAddress: number;
  /** Values the device reports for the model's `sunssf` points; missing ones count as 0. */
  scaleFactors?: Record<string, number>;
  name?: string;
}

export interface SunSpecImport {
  map: RegisterMap;
  /** Points left out and assumptions made, in English, for the importer's screen. */
  warnings: string[];
}

/** Registers per SunSpec type; null: not representable as a setting. */
const SIZES: Record<string, number> = {
  int16: 1,
  uint16: 1,
  count: 1,
  acc16: 1,
  enum16: 1,
  bitfield16: 1,
  pad: 1,
  sunssf: 1,
  int32: 2,
  uint32: 2,
  acc32: 2,
  enum32: 2,
  bitfield32: 2,
  float32: 2,
  ipaddr: 2,
  int64: 4,
  uint64: 4,
  acc64: 4,
  float64: 4,
  ipv6addr: 8,
  eui48: 4,
};

/** Model ids whose points belong in one form section. */
const MODEL_GROUPS: Record<number, SettingGroup> = {
  1: 'device',
  120: 'device',
  121: 'grid',
  122: 'device',
  123: 'powerControl',
  126: 'powerControl',
  127: 'powerControl',
  128: 'powerControl',
  701: 'device',
  702: 'device',
  704: 'powerControl',
  705: 'powerControl',
  707: 'protection',
  708: 'protection',
  709: 'protection',
  710: 'protection',
  711: 'powerControl',
  712: 'powerControl',
  713: 'battery',
  802: 'battery',
};

function isDisableEnable(symbols: z.infer<typeof sunspecSymbol>[] | undefined): boolean {
  if (!symbols || symbols.length !== 2) return false;
  const byValue = new Map(symbols.map((s) => [s.value, s.name.toUpperCase()]));
  return byValue.get(0) === 'DISABLED' && byValue.get(1) === 'ENABLED';
}

/** A model that cannot become a map (unknown point type, no settings, inconsistent map). */
export class SunSpecImportError extends Error {}

/** Turns a SunSpec model into a register map; throws on a model that yields no settings. */
export function registerMapFromSunSpec(
  input: unknown,
  options: SunSpecImportOptions,
): SunSpecImport {
  const model = sunspecModel.parse(input);
  const warnings: string[] = [];
  const settings: RegisterEntry[] = [];
  const group = MODEL_GROUPS[model.id] ?? 'general';
  const scaleFactors = options.scaleFactors ?? {};
  let offset = 0;

  const scaleOf = (point: SunSpecPoint, prefix: string): number => {
    if (point.sf === undefined) return 0;
    if (typeof point.sf === 'number') return point.sf;
    const reported = scaleFactors[`${prefix}${point.sf}`] ?? scaleFactors[point.sf];
    if (reported === undefined) {
      warnings.push(`${prefix}${point.name}: scale factor ${point.sf} not given, assumed 0`);
      return 0;
    }
    return reported;
  };

  const walk = (node: SunSpecGroup, prefix: string, isTop: boolean) => {
    for (const point of node.points ?? []) {
      const size = point.size ?? SIZES[point.type];
      // Without its size no later point's address is known: refuse the model.
      if (size === undefined)
        throw new SunSpecImportError(`${prefix}${point.name}: unknown type ${point.type}`);
      const address = options.baseAddress + offset;
      offset += size;
      const isHeader = isTop && (point.name === 'ID' || point.name === 'L');
      if (isHeader || point.type === 'pad' || point.type === 'sunssf') continue;
      const entry = entryOf(point, `${prefix}${point.name}`, address, size, group);
      if (entry === null) {
        warnings.push(`${prefix}${point.name}: type ${point.type} is not a setting, left out`);
        continue;
      }
      const isScaled = entry.type === 'uint16' || entry.type === 'int16' || entry.type === 'uint32';
      settings.push(isScaled ? scaleRange({ ...entry, scale: scaleOf(point, prefix) }) : entry);
    }
    for (const child of node.groups ?? []) {
      if (child.count !== undefined && child.count !== 1) {
        // A repeating group's length is only known from the device; its registers end the model.
        warnings.push(`${prefix}${child.name}: repeating group left out`);
        return;
      }
      walk(child, `${prefix}${child.name}.`, false);
    }
  };
  walk(model.group, '', true);

  const map: RegisterMap = {
    family: options.family,
    version: options.version,
    name: options.name ?? `SunSpec model ${model.id} (${model.group.label ?? model.group.name})`,
    source: 'sunspec',
    sunspecModelId: model.id,
    phases: options.phases,
    gridCodes: [],
    settings,
  };
  if (map.settings.length === 0)
    throw new SunSpecImportError(`SunSpec model ${model.id} has no settings`);
  const problems = registerMapProblems(map);
  if (problems.length > 0)
    throw new SunSpecImportError(`SunSpec model ${model.id}: ${problems.join('; ')}`);
  return { map, warnings };
}

/** Ranges of scaled numbers follow their scale factor: int16 with sf −2 spans −327.68…327.67. */
function scaleRange(entry: RegisterEntry): RegisterEntry {
  const factor = 10 ** entry.scale;
  const round = (value: number | null) =>
    value === null ? null : Number((value * factor).toFixed(Math.max(0, -entry.scale)));
  // A power factor is a cosine, whatever its register could hold.
  if (entry.unit === 'cos()') return { ...entry, unit: null, min: -1, max: 1, step: factor };
  if (entry.unit === '%' && entry.scale <= 0) {
    return { ...entry, min: entry.type === 'int16' ? -100 : 0, max: 100, step: factor };
  }
  return { ...entry, min: round(entry.min), max: round(entry.max), step: factor };
}

function entryOf(
  point: SunSpecPoint,
  key: string,
  address: number,
  size: number,
  group: SettingGroup,
): RegisterEntry | null {
  const isReadOnly = point.access !== 'RW';
  const title = point.label ?? point.name;
  const unit = point.units?.endsWith('Pct') ? '%' : (point.units ?? null);
  const base = {
    key,
    address,
    size,
    unit,
    scale: 0,
    step: null,
    isReadOnly,
    group,
    title,
    defaultValue: null,
  };
  switch (point.type) {
    case 'uint16':
    case 'acc16':
    case 'count':
      // 0xFFFF is SunSpec's "not implemented".
      return { ...base, type: 'uint16', min: 0, max: 65534 };
    case 'int16':
      // 0x8000 is SunSpec's "not implemented".
      return { ...base, type: 'int16', min: -32767, max: 32767 };
    case 'uint32':
    case 'acc32':
      return { ...base, type: 'uint32', min: 0, max: 4294967294 };
    case 'bitfield16':
      return { ...base, type: 'uint16', min: 0, max: 65535, isReadOnly: true };
    case 'string':
      return { ...base, type: 'string', min: null, max: null, unit: null };
    case 'enum16': {
      if (isDisableEnable(point.symbols)) {
        return { ...base, type: 'bool', unit: null, min: null, max: null };
      }
      const enumOptions: EnumOption[] = (point.symbols ?? []).map((symbol) => ({
        value: symbol.name,
        register: symbol.value,
        title: symbol.label ?? symbol.name,
      }));
      if (enumOptions.length === 0) return { ...base, type: 'uint16', min: 0, max: 65534 };
      return { ...base, type: 'enum', unit: null, min: null, max: null, options: enumOptions };
    }
    default:
      return null;
  }
}
