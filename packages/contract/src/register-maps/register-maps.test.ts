import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../errors/codes.js';
import { BUILTIN_REGISTER_MAPS, builtinRegisterMap } from './builtin-maps.js';
import { type RegisterMap, registerMapProblems, SETTINGS_FAMILIES } from './map.js';
import { validateSettings, validateSettingsForModel } from './settings-schema.js';
import { registerMapFromSunSpec, SunSpecImportError } from './sunspec.js';

const model123: unknown = JSON.parse(
  readFileSync(new URL('./fixtures/sunspec-model-123.json', import.meta.url), 'utf8'),
);

function mapOf(family: (typeof SETTINGS_FAMILIES)[number]): RegisterMap {
  const map = builtinRegisterMap(family);
  if (!map) throw new Error(`no built-in map for ${family}`);
  return map;
}

describe('built-in register maps', () => {
  it('cover every family of the spec once', () => {
    expect(BUILTIN_REGISTER_MAPS.map((m) => m.family).sort()).toEqual(
      [...SETTINGS_FAMILIES].sort(),
    );
  });

  it.each(BUILTIN_REGISTER_MAPS.map((m) => [m.family, m] as const))(
    '%s is self-consistent (unique keys and registers, min ≤ max, defaults allowed)',
    (_family, map) => {
      expect(registerMapProblems(map)).toEqual([]);
      const writable = map.settings.filter((s) => !s.isReadOnly);
      expect(writable.length).toBeGreaterThan(10);
    },
  );

  it('gives storage families the battery section and grid families none', () => {
    const groups = (family: (typeof SETTINGS_FAMILIES)[number]) =>
      new Set(mapOf(family).settings.map((s) => s.group));
    expect(groups('dy-store-single').has('battery')).toBe(true);
    expect(groups('dy-store-three').has('battery')).toBe(true);
    expect(groups('dy-grid').has('battery')).toBe(false);
  });

  it('finds what a broken map gets wrong', () => {
    const map = mapOf('mt');
    const [first, second] = map.settings;
    if (!first || !second) throw new Error('map too short');
    const broken: RegisterMap = {
      ...map,
      settings: [
        first,
        { ...second, key: first.key, address: first.address + 1 },
        { ...second, key: 'inverted', address: 9000, min: 10, max: 1, defaultValue: null },
        {
          ...second,
          key: 'badDefault',
          address: 9100,
          type: 'uint16',
          size: 1,
          min: 0,
          max: 10,
          step: 1,
          scale: 0,
          defaultValue: 11,
        },
      ],
    };
    const problems = registerMapProblems(broken);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringContaining('duplicate key'),
        expect.stringContaining(`register ${first.address + 1} used by`),
        expect.stringContaining('inverted: min above max'),
        expect.stringContaining('badDefault: default 11 not allowed'),
      ]),
    );
  });
});

describe('settings validation generated from a map', () => {
  const mt = mapOf('mt');

  it('accepts good values of every type', () => {
    const result = validateSettings(mt, {
      activePowerLimitPct: 80.5,
      reactivePowerMode: 'fixedPf',
      powerFactor: -0.95,
      exportLimitEnabled: true,
      exportLimitW: 3000,
      gridCode: 'CEI 0-21',
      overFrequencyHz: 51.5,
    });
    expect(result).toEqual({ ok: true, values: expect.objectContaining({ powerFactor: -0.95 }) });
  });

  it.each([
    ['above the range', { activePowerLimitPct: 100.1 }, 'validation.settingRange'],
    ['below the range', { underFrequencyHz: 44.99 }, 'validation.settingRange'],
    ['in the gap of the power factor', { powerFactor: 0.5 }, 'validation.settingRange'],
    ['off the step', { activePowerLimitPct: 50.05 }, 'validation.settingStep'],
    ['of the wrong type', { exportLimitW: '3000' }, 'validation.number'],
    ['not an option', { reactivePowerMode: 'turbo' }, 'validation.invalid'],
    ['a number for a switch', { exportLimitEnabled: 1 }, 'validation.invalid'],
    ['read-only', { ratedPowerW: 5000 }, 'validation.readOnly'],
    ['unknown', { turboBoost: true }, 'validation.unknownField'],
  ])('refuses a value %s with code 4 naming the field', (_case, values, message) => {
    const result = validateSettings(mt, values);
    const field = Object.keys(values)[0];
    expect(result).toEqual({ ok: false, code: ErrorCode.validation, fields: [{ field, message }] });
  });

  it('refuses an empty write', () => {
    expect(validateSettings(mt, {})).toMatchObject({ ok: false, code: ErrorCode.validation });
  });

  it("answers 605 for a grid code that does not fit the model's phases", () => {
    // G98 is a single-phase code; GY inverters are three-phase.
    expect(validateSettings(mapOf('gy'), { gridCode: 'G98' })).toEqual({
      ok: false,
      code: ErrorCode.gridTypeError,
      fields: [{ field: 'gridCode', message: 'validation.gridType' }],
    });
    expect(validateSettings(mapOf('mt'), { gridCode: 'G98' }).ok).toBe(true);
    expect(validateSettings(mapOf('gy'), { gridCode: 'VDE-AR-N 4110' }).ok).toBe(true);
    // A grid code the brand does not offer at all is an invalid value, not a type mismatch.
    expect(validateSettings(mapOf('mt'), { gridCode: 'VDE-AR-N 4110' })).toMatchObject({
      code: ErrorCode.validation,
    });
  });

  it('validates storage settings of storage families only', () => {
    const values = { batteryWorkMode: 'backup', reserveSocPct: 30 };
    expect(validateSettingsForModel('dy-store-three', values).ok).toBe(true);
    expect(validateSettingsForModel('dy-store-three', { reserveSocPct: 5 })).toMatchObject({
      code: ErrorCode.validation,
    });
    expect(validateSettingsForModel('dy-grid', values)).toMatchObject({
      code: ErrorCode.validation,
      fields: [
        { field: 'batteryWorkMode', message: 'validation.unknownField' },
        { field: 'reserveSocPct', message: 'validation.unknownField' },
      ],
    });
  });

  it('answers 601 for a model without a family or map', () => {
    expect(validateSettingsForModel(null, { activePowerLimitPct: 50 })).toEqual({
      ok: false,
      code: ErrorCode.brandParameterUnsupported,
      fields: [],
    });
    expect(validateSettingsForModel('mt', { activePowerLimitPct: 50 }, null)).toMatchObject({
      code: ErrorCode.brandParameterUnsupported,
    });
  });
});

describe('SunSpec import', () => {
  const imported = () =>
    registerMapFromSunSpec(model123, {
      family: 'asw',
      version: 2,
      phases: 3,
      baseAddress: 40070,
      scaleFactors: { WMaxLimPct_SF: -1, OutPFSet_SF: -3, VArPct_SF: -1 },
    });

  it('turns model 123 into a consistent map at the points’ offsets', () => {
    const { map, warnings } = imported();
    expect(warnings).toEqual([]);
    expect(registerMapProblems(map)).toEqual([]);
    expect(map).toMatchObject({
      family: 'asw',
      version: 2,
      source: 'sunspec',
      sunspecModelId: 123,
    });
    // ID and L (40070, 40071) and the three scale factors are not settings.
    expect(map.settings).toHaveLength(21);
    const byKey = new Map(map.settings.map((s) => [s.key, s]));
    expect(byKey.get('Conn_WinTms')).toMatchObject({
      address: 40072,
      unit: 'Secs',
      type: 'uint16',
    });
    expect(byKey.get('WMaxLimPct')).toMatchObject({
      address: 40075,
      unit: '%',
      scale: -1,
      min: 0,
      max: 100,
      step: 0.1,
      group: 'powerControl',
      isReadOnly: false,
    });
    expect(byKey.get('OutPFSet')).toMatchObject({ address: 40080, min: -1, max: 1, step: 0.001 });
    expect(byKey.get('WMaxLim_Ena')).toMatchObject({ type: 'bool' });
    expect(byKey.get('Conn')).toMatchObject({
      type: 'enum',
      options: [
        { value: 'DISCONNECT', register: 0, title: 'Disconnect' },
        { value: 'CONNECT', register: 1, title: 'Connect' },
      ],
    });
    expect(byKey.get('VArPct_Ena')?.address).toBe(40092);
  });

  it('validates writes against the imported map', () => {
    const { map } = imported();
    expect(validateSettings(map, { WMaxLimPct: 55.5, WMaxLim_Ena: true, Conn: 'CONNECT' }).ok).toBe(
      true,
    );
    expect(validateSettings(map, { WMaxLimPct: 120 })).toMatchObject({
      code: ErrorCode.validation,
    });
    expect(validateSettings(map, { OutPFSet: -0.9505 })).toMatchObject({
      fields: [{ field: 'OutPFSet', message: 'validation.settingStep' }],
    });
  });

  it('warns about scale factors it was not given', () => {
    const { map, warnings } = registerMapFromSunSpec(model123, {
      family: 'asw',
      version: 2,
      phases: 3,
      baseAddress: 40070,
    });
    expect(warnings).toEqual(
      expect.arrayContaining([expect.stringContaining('WMaxLimPct: scale factor WMaxLimPct_SF')]),
    );
    expect(map.settings.find((s) => s.key === 'WMaxLimPct')?.scale).toBe(0);
  });

  it('refuses a model with an unknown point type or without settings', () => {
    const options = { family: 'mt', version: 2, phases: 1, baseAddress: 0 } as const;
    const weird = { id: 64000, group: { name: 'x', points: [{ name: 'A', type: 'quaternion' }] } };
    expect(() => registerMapFromSunSpec(weird, options)).toThrow(SunSpecImportError);
    const readOnlyHeader = {
      id: 64001,
      group: {
        name: 'x',
        points: [
          { name: 'ID', type: 'uint16' },
          { name: 'L', type: 'uint16' },
        ],
      },
    };
    expect(() => registerMapFromSunSpec(readOnlyHeader, options)).toThrow(/no settings/);
  });

  it('flattens single nested groups and leaves repeating ones out with a warning', () => {
    const model = {
      id: 704,
      group: {
        name: 'DERCtlAC',
        points: [
          { name: 'ID', type: 'uint16' },
          { name: 'L', type: 'uint16' },
          {
            name: 'PFWInjEna',
            type: 'enum16',
            access: 'RW',
            symbols: [
              { name: 'DISABLED', value: 0 },
              { name: 'ENABLED', value: 1 },
            ],
          },
        ],
        groups: [
          { name: 'PFWInj', points: [{ name: 'PF', type: 'uint16', sf: 'PF_SF', access: 'RW' }] },
          { name: 'Curve', count: 'NCrv', points: [{ name: 'X', type: 'int16', access: 'RW' }] },
        ],
      },
    };
    const { map, warnings } = registerMapFromSunSpec(model, {
      family: 'gy',
      version: 3,
      phases: 3,
      baseAddress: 100,
      scaleFactors: { PF_SF: -3 },
    });
    expect(map.settings.map((s) => [s.key, s.address])).toEqual([
      ['PFWInjEna', 102],
      ['PFWInj.PF', 103],
    ]);
    expect(warnings).toEqual(['Curve: repeating group left out']);
  });
});
