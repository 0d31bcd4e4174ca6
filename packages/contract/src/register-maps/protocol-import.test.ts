import { describe, expect, it } from 'vitest';
import { registerMapProblems } from './map.js';
import {
  type ProtocolImportSource,
  registerMapFromProtocol,
  settingKeyOfColumn,
} from './protocol-import.js';
import { validateSettings } from './settings-schema.js';

type Column = ProtocolImportSource['columns'][number];

const OPTIONS = { family: 'asw', version: 7, phases: 3 } as const;

function column(key: string, extra: Partial<Column> = {}): Column {
  return { key, name: `Setting ${key}`, unit: '', scale: 1, valueType: 'uint16', ...extra };
}

function protocolOf(...columns: Column[]): ProtocolImportSource {
  return { id: 12, name: 'Hybrid Modbus', version: '3.0', columns };
}

/** The refusal messages by field of an import that must fail. */
function refusals(...columns: Column[]): Record<string, string> {
  const result = registerMapFromProtocol(protocolOf(...columns), OPTIONS);
  if (result.ok) throw new Error('the import was expected to fail');
  return Object.fromEntries(result.fields.map((f) => [f.field, f.message]));
}

describe('register map from a device protocol', () => {
  it('turns each column into a writable setting at the register its key names', () => {
    const result = registerMapFromProtocol(
      protocolOf(
        column('40001', { name: 'PV1 voltage', unit: 'V', scale: 0.1 }),
        column('0x9C42', { name: 'Export limit', valueType: 'uint32', unit: 'W', scale: 10 }),
        column('40004', { name: 'Reactive power', valueType: 'int32', unit: 'var', scale: 0.001 }),
        column('40006', { name: 'Offset', valueType: 'int16' }),
        column('0', { name: 'Anti-islanding', valueType: 'bool', unit: 'x', scale: 100 }),
      ),
      { ...OPTIONS, name: 'ASW from protocol' },
    );
    if (!result.ok) throw new Error(JSON.stringify(result.fields));
    const { map } = result;
    expect(map).toMatchObject({
      family: 'asw',
      version: 7,
      name: 'ASW from protocol',
      source: 'protocol',
      sunspecModelId: null,
      protocol: { id: 12, name: 'Hybrid Modbus', version: '3.0' },
      phases: 3,
      gridCodes: [],
    });
    expect(map.settings.map((s) => [s.key, s.address, s.type, s.size, s.unit, s.scale])).toEqual([
      ['pv1Voltage', 40001, 'uint16', 1, 'V', -1],
      ['exportLimit', 40002, 'uint32', 2, 'W', 1],
      ['reactivePower', 40004, 'int32', 2, 'var', -3],
      ['offset', 40006, 'int16', 1, null, 0],
      ['antiIslanding', 0, 'bool', 1, null, 0],
    ]);
    expect(map.settings[0]).toMatchObject({
      title: 'PV1 voltage',
      group: 'general',
      isReadOnly: false,
    });
    expect(registerMapProblems(map)).toEqual([]);
    // Values are checked against the imported types: int32 takes negatives, steps follow scale.
    expect(validateSettings(map, { reactivePower: -1500.5, pv1Voltage: 230.4 }).ok).toBe(true);
    expect(validateSettings(map, { pv1Voltage: 230.45 }).ok).toBe(false);
    expect(validateSettings(map, { exportLimit: -10 }).ok).toBe(false);
  });

  it('names a setting after the register when its name has no ASCII words', () => {
    expect(settingKeyOfColumn('电网电压', 40001)).toBe('register40001');
    expect(settingKeyOfColumn('1st stage', 3)).toBe('register3');
    expect(settingKeyOfColumn('  Max. charge-current (A) ', 3)).toBe('maxChargeCurrentA');
    expect(settingKeyOfColumn('x'.repeat(80), 3)).toHaveLength(64);
  });

  it('refuses a key that names no register', () => {
    expect(
      refusals(
        column('pv1.voltage'),
        column('65536'),
        column('0x1FFFF'),
        column('0xG1'),
        column('65535', { valueType: 'uint32' }),
        column('-1'),
      ),
    ).toEqual({
      'columns.pv1.voltage': 'validation.columnAddress',
      'columns.65536': 'validation.columnAddress',
      'columns.0x1FFFF': 'validation.columnAddress',
      'columns.0xG1': 'validation.columnAddress',
      'columns.65535': 'validation.columnAddress',
      'columns.-1': 'validation.columnAddress',
    });
  });

  it('refuses float32 and string columns', () => {
    expect(
      refusals(column('1', { valueType: 'float32' }), column('2', { valueType: 'string' })),
    ).toEqual({ 'columns.1': 'validation.columnType', 'columns.2': 'validation.columnType' });
  });

  it('refuses a scale that is no power of ten or beyond 10^±6', () => {
    expect(
      refusals(
        column('1', { scale: 0.5 }),
        column('2', { scale: 0 }),
        column('3', { scale: -10 }),
        column('4', { scale: 10_000_000 }),
        column('5', { scale: 0.000001 }),
      ),
    ).toEqual({
      'columns.1': 'validation.columnScale',
      'columns.2': 'validation.columnScale',
      'columns.3': 'validation.columnScale',
      'columns.4': 'validation.columnScale',
    });
  });

  it('refuses a column whose key or registers an earlier column took', () => {
    expect(
      refusals(
        column('100', { name: 'Power limit', valueType: 'uint32' }),
        column('101', { name: 'Other' }),
        column('0x64', { name: 'Third' }),
        column('200', { name: 'power-limit' }),
      ),
    ).toEqual({
      'columns.101': 'validation.columnOverlap',
      'columns.0x64': 'validation.columnOverlap',
      'columns.200': 'validation.columnNameTaken',
    });
  });

  it('refuses a protocol without columns', () => {
    expect(refusals()).toEqual({ protocolId: 'validation.protocolColumns' });
  });
});
