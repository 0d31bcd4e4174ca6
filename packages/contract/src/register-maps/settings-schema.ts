import { z } from 'zod';
import { ErrorCode } from '../errors/codes.js';
import type { ValidationFailure } from '../http/endpoint.js';
import { builtinRegisterMap } from './builtin-maps.js';
import {
  numberProblem,
  type RegisterEntry,
  type RegisterMap,
  type SettingsFamily,
  typeLimits,
} from './map.js';

/**
 * Validation generated from a register map. Both sides use it: the web form per field (through
 * `settingValueSchema`), the server for a whole write (`validateSettings`). Messages are
 * `validation.*` keys like every other contract rule; range messages carry `min` and `max`.
 */

/** The limits a range message names: the entry's own, else its type's. */
function boundsOf(entry: RegisterEntry): { min: number; max: number } {
  const limits = typeLimits(entry.type, entry.scale);
  return { min: entry.min ?? limits?.min ?? 0, max: entry.max ?? limits?.max ?? 0 };
}

/** The schema of one writable setting's value. */
export function settingValueSchema(entry: RegisterEntry): z.ZodType {
  switch (entry.type) {
    case 'bool':
      return z.boolean({ error: 'validation.invalid' });
    case 'string':
      return z.string({ error: 'validation.invalid' }).max(entry.size * 2, 'validation.maxLength');
    case 'enum': {
      const values = (entry.options ?? []).map((option) => option.value);
      return z.string({ error: 'validation.invalid' }).refine((value) => values.includes(value), {
        message: 'validation.invalid',
      });
    }
    case 'uint16':
    case 'int16':
    case 'uint32':
    case 'int32':
      return z.number({ error: 'validation.number' }).superRefine((value, ctx) => {
        const problem = numberProblem(entry, value);
        if (problem === 'range') {
          ctx.addIssue({
            code: 'custom',
            message: 'validation.settingRange',
            params: { ...boundsOf(entry), ranges: entry.ranges },
          });
        } else if (problem === 'step') {
          ctx.addIssue({
            code: 'custom',
            message: 'validation.settingStep',
            params: { step: entry.step ?? 10 ** entry.scale },
          });
        }
      });
  }
}

/**
 * The schema of a write: any subset of the writable settings, nothing else. A read-only key is
 * refused with `validation.readOnly`, an unknown key with `validation.unknownField`.
 */
export function settingsSchemaOf(map: RegisterMap) {
  const byKey = new Map(map.settings.map((entry) => [entry.key, entry]));
  return z
    .record(z.string(), z.unknown())
    .superRefine((values, ctx) => {
      if (Object.keys(values).length === 0) {
        ctx.addIssue({ code: 'custom', message: 'validation.required', path: [] });
      }
      for (const [key, value] of Object.entries(values)) {
        const entry = byKey.get(key);
        if (!entry) {
          ctx.addIssue({ code: 'custom', message: 'validation.unknownField', path: [key] });
          continue;
        }
        if (entry.isReadOnly) {
          ctx.addIssue({ code: 'custom', message: 'validation.readOnly', path: [key] });
          continue;
        }
        const result = settingValueSchema(entry).safeParse(value);
        if (!result.success) {
          for (const issue of result.error.issues) {
            ctx.addIssue({ ...issue, code: 'custom', path: [key], message: issue.message });
          }
        }
      }
    })
    .transform((values) => values as Record<string, number | string | boolean>);
}

/** Grid codes among `values` that do not fit the map's phases. */
export function misfittingGridCodes(map: RegisterMap, values: Record<string, unknown>): string[] {
  return map.settings
    .filter((entry) => entry.isGridCode && typeof values[entry.key] === 'string')
    .filter((entry) => {
      const chosen = map.gridCodes.find((g) => g.code === values[entry.key]);
      return chosen !== undefined && !chosen.phases.includes(map.phases);
    })
    .map((entry) => entry.key);
}

export type SettingsValidation =
  | { ok: true; values: Record<string, number | string | boolean> }
  | {
      ok: false;
      code:
        | typeof ErrorCode.validation
        | typeof ErrorCode.brandParameterUnsupported
        | typeof ErrorCode.gridTypeError;
      fields: ValidationFailure['fields'];
    };

/** Validates a write against a map: 4 with the failing fields, 605 for a misfitting grid code. */
export function validateSettings(map: RegisterMap, values: unknown): SettingsValidation {
  const parsed = settingsSchemaOf(map).safeParse(values);
  if (!parsed.success) {
    return {
      ok: false,
      code: ErrorCode.validation,
      fields: parsed.error.issues.map((issue) => ({
        field: issue.path.map(String).join('.'),
        message: issue.message,
      })),
    };
  }
  const misfits = misfittingGridCodes(map, parsed.data);
  if (misfits.length > 0) {
    return {
      ok: false,
      code: ErrorCode.gridTypeError,
      fields: misfits.map((field) => ({ field, message: 'validation.gridType' })),
    };
  }
  return { ok: true, values: parsed.data };
}

/**
 * The seam of the settings write: a model's family (null: the model has none) and the values.
 * `map` defaults to the family's built-in map; the server passes the effective one (imported
 * versions included). No map → 601.
 */
export function validateSettingsForModel(
  family: SettingsFamily | null,
  values: unknown,
  map: RegisterMap | null = family === null ? null : builtinRegisterMap(family),
): SettingsValidation {
  if (family === null || map === null) {
    return { ok: false, code: ErrorCode.brandParameterUnsupported, fields: [] };
  }
  return validateSettings(map, values);
}
