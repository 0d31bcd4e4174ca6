import type { ValidationFailure } from '../http/endpoint.js';
import type { ProtocolColumn } from '../products/protocols.js';
import type { ValidationMessageKey } from '../validation/messages.js';
import {
  type Phase,
  type RegisterEntry,
  type RegisterMap,
  type RegisterMapProtocol,
  registerMapProblems,
  type SettingsFamily,
  settingKey,
} from './map.js';

/**
 * Import of a Modbus device protocol's columns as a register map, beside the SunSpec import: each
 * column becomes a writable setting at the register its key names. A column that cannot become
 * one is refused with its reason, and then the whole map is: half a map must not reach a device.
 */

/** What the import reads of a protocol: its name and version and its columns in their order. */
export interface ProtocolImportSource extends RegisterMapProtocol {
  columns: readonly Pick<ProtocolColumn, 'key' | 'name' | 'unit' | 'scale' | 'valueType'>[];
}

export interface ProtocolImportOptions {
  family: SettingsFamily;
  version: number;
  phases: Phase;
  name?: string;
}

export type ProtocolImport =
  | { ok: true; map: RegisterMap }
  /** One field per refused column (`columns.<key>`), or `protocolId` for a protocol without any. */
  | { ok: false; fields: ValidationFailure['fields'] };

type Column = ProtocolImportSource['columns'][number];

/** A refusal of one column, by its reason's validation message. */
class ColumnRefusal {
  constructor(readonly message: ValidationMessageKey) {}
}

const DECIMAL_ADDRESS = /^\d{1,5}$/;
const HEX_ADDRESS = /^0x[0-9a-f]{1,4}$/i;

/** The register a column's key names: decimal (`40001`) or hexadecimal (`0x9C41`). */
function addressOf(key: string): number {
  const isAddress = DECIMAL_ADDRESS.test(key) || HEX_ADDRESS.test(key);
  const address = isAddress ? Number(key) : NaN;
  if (!(address <= 65535)) throw new ColumnRefusal('validation.columnAddress');
  return address;
}

/**
 * The register type and size of a column's value. A float32 has no whole raw value that
 * "raw × 10^scale" and the step check could describe, and a column declares no string length:
 * neither can become a setting.
 */
function registerTypeOf(column: Column): Pick<RegisterEntry, 'type' | 'size'> {
  switch (column.valueType) {
    case 'uint16':
    case 'int16':
    case 'bool':
      return { type: column.valueType, size: 1 };
    case 'uint32':
    case 'int32':
      return { type: column.valueType, size: 2 };
    case 'float32':
    case 'string':
      throw new ColumnRefusal('validation.columnType');
  }
}

/** The power of ten a column's scale factor is (0.1 → −1), within what a map allows. */
function powerOfTen(factor: number): number {
  const exponent = factor > 0 ? Math.round(Math.log10(factor)) : NaN;
  const isPower = Math.abs(factor - 10 ** exponent) <= 1e-9 * 10 ** exponent;
  if (!isPower || Math.abs(exponent) > 6) throw new ColumnRefusal('validation.columnScale');
  // A factor a hair below 1 rounds to −0, which would travel as 0 anyway.
  return exponent === 0 ? 0 : exponent;
}

/**
 * A setting key from a column's name, in camel case of its ASCII words (`PV1 voltage` →
 * `pv1Voltage`); a name without a leading letter (in another script, say) gives `register<address>`.
 */
export function settingKeyOfColumn(name: string, address: number): string {
  const words = name.match(/[A-Za-z0-9]+/g) ?? [];
  const key = words
    .map((word, index) =>
      index === 0 ? word.toLowerCase() : word[0]!.toUpperCase() + word.slice(1).toLowerCase(),
    )
    .join('')
    .slice(0, 64);
  return settingKey.safeParse(key).success ? key : `register${address}`;
}

function entryOf(column: Column): RegisterEntry {
  const address = addressOf(column.key);
  const { type, size } = registerTypeOf(column);
  const isNumeric = type !== 'bool';
  if (address + size > 65536) throw new ColumnRefusal('validation.columnAddress');
  return {
    key: settingKeyOfColumn(column.name, address),
    address,
    type,
    size,
    unit: isNumeric && column.unit !== '' ? column.unit : null,
    scale: isNumeric ? powerOfTen(column.scale) : 0,
    min: null,
    max: null,
    step: null,
    isReadOnly: false,
    group: 'general',
    title: column.name,
    defaultValue: null,
  };
}

/** Refuses an entry that takes a setting key or register of one before it. */
function assertFits(entry: RegisterEntry, before: readonly RegisterEntry[]): void {
  if (before.some((other) => other.key === entry.key)) {
    throw new ColumnRefusal('validation.columnNameTaken');
  }
  const overlaps = before.some(
    (other) =>
      entry.address < other.address + other.size && other.address < entry.address + entry.size,
  );
  if (overlaps) throw new ColumnRefusal('validation.columnOverlap');
}

/** Turns a protocol's columns into a register map, or names every column that cannot be a setting. */
export function registerMapFromProtocol(
  protocol: ProtocolImportSource,
  options: ProtocolImportOptions,
): ProtocolImport {
  if (protocol.columns.length === 0) {
    return { ok: false, fields: [{ field: 'protocolId', message: 'validation.protocolColumns' }] };
  }
  const settings: RegisterEntry[] = [];
  const fields: ValidationFailure['fields'] = [];
  for (const column of protocol.columns) {
    try {
      const entry = entryOf(column);
      assertFits(entry, settings);
      settings.push(entry);
    } catch (error) {
      if (!(error instanceof ColumnRefusal)) throw error;
      fields.push({ field: `columns.${column.key}`, message: error.message });
    }
  }
  if (fields.length > 0) return { ok: false, fields };
  const map: RegisterMap = {
    family: options.family,
    version: options.version,
    name: options.name ?? `${protocol.name} ${protocol.version}`,
    source: 'protocol',
    sunspecModelId: null,
    protocol: { id: protocol.id, name: protocol.name, version: protocol.version },
    phases: options.phases,
    gridCodes: [],
    settings,
  };
  const problems = registerMapProblems(map);
  // The checks above cover everything a map of plain numbers and switches can get wrong.
  if (problems.length > 0) throw new Error(`protocol ${protocol.id}: ${problems.join('; ')}`);
  return { ok: true, map };
}
