import { z } from 'zod';

/**
 * Register maps: an inverter family's settings declared as data (OpenEMS-style channel docs).
 * The settings form, both sides' validation and the SunSpec import all work on this one shape;
 * adding a brand means adding (or importing) a map, not writing code.
 */

/** The spec's brand families (section 7: mt, gy, dy store single/three-phase, dy grid, …). */
export const SETTINGS_FAMILIES = [
  'mt',
  'gy',
  'dy-store-single',
  'dy-store-three',
  'dy-grid',
  'asw',
  'uneet',
  'sidaoer',
  'thinkPower',
] as const;
export type SettingsFamily = (typeof SETTINGS_FAMILIES)[number];
export const settingsFamily = z.enum(SETTINGS_FAMILIES);

export const REGISTER_TYPES = [
  'uint16',
  'int16',
  'uint32',
  'int32',
  'enum',
  'bool',
  'string',
] as const;
export type RegisterType = (typeof REGISTER_TYPES)[number];

/** Form sections, in display order; labels are `group.<id>` in the web's registerMaps texts. */
export const SETTING_GROUPS = [
  'grid',
  'powerControl',
  'protection',
  'battery',
  'system',
  'general',
  'device',
] as const;
export type SettingGroup = (typeof SETTING_GROUPS)[number];

export const PHASES = [1, 3] as const;
export type Phase = (typeof PHASES)[number];
const phase = z.union([z.literal(1), z.literal(3)]);

/** A setting's key as it travels in `values` (`settingValues` allows up to 64 characters). */
export const settingKey = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z][\w.]*$/);

export const enumOption = z.object({
  /** What travels in `values`. */
  value: z.string().min(1).max(64),
  /** The raw register value the device stores. */
  register: z.number().int(),
  /** English text; the web translates `option.<settingKey>.<value>` and falls back to it. */
  title: z.string().min(1).max(200),
});
export type EnumOption = z.infer<typeof enumOption>;

/** An allowed interval; a setting with several (power factor: −1…−0.8, 0.8…1) accepts any one. */
export const valueRange = z.object({ min: z.number(), max: z.number() });

export const registerEntry = z.object({
  key: settingKey,
  /** Modbus holding-register address (0-based PDU address as vendors document them). */
  address: z.number().int().min(0).max(65535),
  type: z.enum(REGISTER_TYPES),
  /** Registers occupied: 1 for 16-bit types, 2 for 32-bit ones, the declared length for strings. */
  size: z.number().int().min(1).max(64),
  /** Unit of the engineering value (`W`, `V`, `Hz`, `%`, `s`, `A`), or null. */
  unit: z.string().max(16).nullable(),
  /** Power of ten: engineering value = register × 10^scale (SunSpec's scale factor). */
  scale: z.number().int().min(-6).max(6),
  min: z.number().nullable(),
  max: z.number().nullable(),
  /** Sub-intervals of min…max the value must fall in, when not all of it is allowed. */
  ranges: z.array(valueRange).optional(),
  step: z.number().positive().nullable(),
  options: z.array(enumOption).optional(),
  isReadOnly: z.boolean(),
  group: z.enum(SETTING_GROUPS),
  /** English text; the web translates `setting.<key>` and falls back to it. */
  title: z.string().min(1).max(200),
  /** Factory value, shown as a placeholder. */
  defaultValue: z.union([z.number(), z.string(), z.boolean()]).nullable(),
  /** This enum chooses the grid code; its choice must fit the model's phases (605). */
  isGridCode: z.boolean().optional(),
});
export type RegisterEntry = z.infer<typeof registerEntry>;

export const gridCodeEntry = z.object({
  /** The enum value of the grid-code setting. */
  code: z.string().min(1).max(64),
  /** The phases of the models this grid code may be used on. */
  phases: z.array(phase).min(1),
});
export type GridCodeEntry = z.infer<typeof gridCodeEntry>;

export const REGISTER_MAP_SOURCES = ['builtin', 'sunspec', 'protocol'] as const;

/** The device protocol a map was imported from, as it was named then. */
export const registerMapProtocol = z.object({
  id: z.number().int(),
  name: z.string(),
  version: z.string(),
});
export type RegisterMapProtocol = z.infer<typeof registerMapProtocol>;

export const registerMap = z.object({
  family: settingsFamily,
  /** Newer versions win; imported maps get the next number after the family's newest. */
  version: z.number().int().min(1),
  name: z.string().min(1).max(200),
  source: z.enum(REGISTER_MAP_SOURCES),
  /**
   * The SunSpec model an imported map came from: such a map applies only to the devices that
   * declare the model (`sunspecModels` of their readings), never to the whole family.
   */
  sunspecModelId: z.number().int().nullable(),
  /** The device protocol an imported map came from (maps of other sources have none). */
  protocol: registerMapProtocol.optional(),
  /** The phases of the family's models (decides which grid codes fit). */
  phases: phase,
  gridCodes: z.array(gridCodeEntry),
  settings: z.array(registerEntry).min(1),
});
export type RegisterMap = z.infer<typeof registerMap>;

/** The map without its settings, for lists. */
export const registerMapSummary = registerMap.omit({ settings: true, gridCodes: true }).extend({
  id: z.number().int().nullable(),
  protocol: registerMapProtocol.nullable(),
  settingCount: z.number().int(),
  /** True for the version the family uses now (the newest). */
  isEffective: z.boolean(),
  createdAt: z.string().nullable(),
});
export type RegisterMapSummary = z.infer<typeof registerMapSummary>;

/**
 * What is wrong with a map itself (not with values sent to it): overlapping registers, duplicate
 * keys, inverted ranges, defaults outside them. Every built-in and imported map must pass.
 */
export function registerMapProblems(map: RegisterMap): string[] {
  const problems: string[] = [];
  const keys = new Set<string>();
  const used = new Map<number, string>();
  for (const entry of map.settings) {
    if (keys.has(entry.key)) problems.push(`${entry.key}: duplicate key`);
    keys.add(entry.key);
    for (let register = entry.address; register < entry.address + entry.size; register++) {
      const other = used.get(register);
      if (other !== undefined) problems.push(`${entry.key}: register ${register} used by ${other}`);
      used.set(register, entry.key);
    }
    const expectedSize = fixedSizeOf(entry.type);
    if (expectedSize !== null && entry.size !== expectedSize) {
      problems.push(`${entry.key}: ${entry.type} takes ${expectedSize} register(s)`);
    }
    if (entry.min !== null && entry.max !== null && entry.min > entry.max) {
      problems.push(`${entry.key}: min above max`);
    }
    for (const range of entry.ranges ?? []) {
      const inside =
        range.min <= range.max &&
        (entry.min === null || range.min >= entry.min) &&
        (entry.max === null || range.max <= entry.max);
      if (!inside) problems.push(`${entry.key}: range ${range.min}…${range.max} outside min…max`);
    }
    if (entry.type === 'enum') {
      const options = entry.options ?? [];
      if (options.length === 0) problems.push(`${entry.key}: enum without options`);
      if (new Set(options.map((o) => o.value)).size !== options.length) {
        problems.push(`${entry.key}: duplicate option values`);
      }
      if (new Set(options.map((o) => o.register)).size !== options.length) {
        problems.push(`${entry.key}: duplicate option registers`);
      }
    } else if (entry.options) {
      problems.push(`${entry.key}: options on a ${entry.type}`);
    }
    if (entry.isGridCode) {
      const codes = new Set(map.gridCodes.map((g) => g.code));
      const missing = (entry.options ?? []).filter((o) => !codes.has(o.value));
      if (entry.type !== 'enum') problems.push(`${entry.key}: a grid code must be an enum`);
      for (const option of missing) {
        problems.push(`${entry.key}: grid code ${option.value} has no phases`);
      }
    }
    if (entry.defaultValue !== null && !isAllowedValue(entry, entry.defaultValue)) {
      problems.push(`${entry.key}: default ${String(entry.defaultValue)} not allowed`);
    }
  }
  return problems;
}

function fixedSizeOf(type: RegisterType): number | null {
  switch (type) {
    case 'uint16':
    case 'int16':
    case 'enum':
    case 'bool':
      return 1;
    case 'uint32':
    case 'int32':
      return 2;
    case 'string':
      return null;
  }
}

/** The natural limits of a register type in engineering units. */
export function typeLimits(type: RegisterType, scale: number): { min: number; max: number } | null {
  const factor = 10 ** scale;
  switch (type) {
    case 'uint16':
      return { min: 0, max: 65535 * factor };
    case 'int16':
      return { min: -32768 * factor, max: 32767 * factor };
    case 'uint32':
      return { min: 0, max: 4294967295 * factor };
    case 'int32':
      return { min: -2147483648 * factor, max: 2147483647 * factor };
    case 'enum':
    case 'bool':
    case 'string':
      return null;
  }
}

/** Whether a number is a whole multiple of `step` counted from `base` (float-tolerant). */
export function isOnStep(value: number, step: number, base: number): boolean {
  const steps = (value - base) / step;
  return Math.abs(steps - Math.round(steps)) < 1e-6;
}

/** The one rule for a single value, shared by the schema and the map check. */
export function isAllowedValue(entry: RegisterEntry, value: unknown): boolean {
  switch (entry.type) {
    case 'bool':
      return typeof value === 'boolean';
    case 'string':
      return typeof value === 'string' && value.length <= entry.size * 2;
    case 'enum':
      return typeof value === 'string' && (entry.options ?? []).some((o) => o.value === value);
    case 'uint16':
    case 'int16':
    case 'uint32':
    case 'int32':
      return typeof value === 'number' && numberProblem(entry, value) === null;
  }
}

/** Why a number does not fit a numeric entry: out of range, or off its step. */
export function numberProblem(entry: RegisterEntry, value: number): 'range' | 'step' | null {
  if (!Number.isFinite(value)) return 'range';
  const limits = typeLimits(entry.type, entry.scale);
  const min = entry.min ?? limits?.min ?? -Infinity;
  const max = entry.max ?? limits?.max ?? Infinity;
  if (value < min || value > max) return 'range';
  const { ranges } = entry;
  if (ranges && !ranges.some((r) => value >= r.min && value <= r.max)) return 'range';
  const step = entry.step ?? 10 ** entry.scale;
  return isOnStep(value, step, 0) ? null : 'step';
}
