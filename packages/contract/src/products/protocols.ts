import { z } from 'zod';
import { dictionaryCode } from '../dicts/entries.js';
import { ErrorCode } from '../errors/codes.js';
import { defineEndpoint, pageOf, requires } from '../http/endpoint.js';
import * as rules from '../validation/rules.js';

/**
 * Device protocols of system management: the protocols devices speak, by name and version,
 * kept by the platform administrator. A name and version pair is unique: a taken one answers
 * 5000.
 */
const TAG = 'products';

export const PROTOCOL_TRANSPORTS = ['mqtt', 'modbus-rtu', 'modbus-tcp', 'http'] as const;
export type ProtocolTransport = (typeof PROTOCOL_TRANSPORTS)[number];

/** The transports whose columns are registers, so a register map can be imported from them. */
export const MODBUS_TRANSPORTS: readonly ProtocolTransport[] = ['modbus-rtu', 'modbus-tcp'];

export const protocolName = rules.name(40);
export const protocolDescription = rules.text(500);
/** A protocol version: the dictionary code pattern (`1.2`, `v3-beta`). */
export const protocolVersion = dictionaryCode;

export const deviceProtocol = z.object({
  id: z.number().int(),
  name: z.string(),
  version: z.string(),
  transport: z.enum(PROTOCOL_TRANSPORTS),
  description: z.string(),
  isEnabled: z.boolean(),
  updatedAt: z.string(),
});
export type DeviceProtocol = z.infer<typeof deviceProtocol>;

const protocolIdParams = z.strictObject({ id: rules.id });

/** What the administrator edits; the name and version stay once created. */
const protocolDetails = {
  transport: z.enum(PROTOCOL_TRANSPORTS),
  description: protocolDescription.default(''),
};

export const listDeviceProtocols = defineEndpoint({
  method: 'GET',
  path: '/api/v1/management/protocols',
  summary: 'Device protocols by name and version; filtered by transport, state or name',
  tag: TAG,
  access: requires('sys.protocol.manage'),
  query: z.object({
    ...rules.paging,
    transport: z.enum(PROTOCOL_TRANSPORTS).optional(),
    enabled: rules.flag.optional(),
    keyword: rules.text(40).optional(),
  }),
  data: pageOf(deviceProtocol),
});

export const checkDeviceProtocol = defineEndpoint({
  method: 'GET',
  path: '/api/v1/management/protocols/check',
  summary: 'Whether a protocol name and version are free: 5000 when they exist already',
  tag: TAG,
  access: requires('sys.protocol.manage'),
  query: z.strictObject({ name: protocolName, version: protocolVersion }),
  data: z.null(),
  tolerated: [ErrorCode.codeExists],
});

export const createDeviceProtocol = defineEndpoint({
  method: 'POST',
  path: '/api/v1/management/protocols',
  summary: 'Add a device protocol; 5000 when its name and version exist',
  tag: TAG,
  access: requires('sys.protocol.edit'),
  encoding: 'json',
  body: z.strictObject({ name: protocolName, version: protocolVersion, ...protocolDetails }),
  data: deviceProtocol,
  tolerated: [ErrorCode.codeExists],
});

export const updateDeviceProtocol = defineEndpoint({
  method: 'PUT',
  path: '/api/v1/management/protocols/:id',
  summary: "Change a protocol's transport and description",
  tag: TAG,
  access: requires('sys.protocol.edit'),
  encoding: 'json',
  params: protocolIdParams,
  body: z.strictObject(protocolDetails),
  data: deviceProtocol,
});

export const setDeviceProtocolEnabled = defineEndpoint({
  method: 'POST',
  path: '/api/v1/management/protocols/:id/enable',
  summary: 'Enable or disable a device protocol',
  tag: TAG,
  access: requires('sys.protocol.edit'),
  encoding: 'form',
  params: protocolIdParams,
  body: z.strictObject({ enabled: rules.flag }),
  data: deviceProtocol,
});

/**
 * A protocol's columns: the values a device speaking it reports, each under a key (a register
 * address such as `40001`, or a value key such as `pv1.voltage`) unique within the protocol (a
 * taken one answers 5000), with its name, unit, scale (engineering value = raw × scale) and the
 * raw value's type. The types are spelled as register maps spell theirs (`REGISTER_TYPES`), with
 * the 32-bit signed and floating-point values measurements need besides.
 */
export const COLUMN_VALUE_TYPES = [
  'uint16',
  'int16',
  'uint32',
  'int32',
  'float32',
  'bool',
  'string',
] as const;
export type ColumnValueType = (typeof COLUMN_VALUE_TYPES)[number];

export const columnKey = dictionaryCode;
export const columnName = rules.name(40);
export const columnUnit = rules.text(16);
export const columnScale = rules.decimal({
  min: -1_000_000,
  max: 1_000_000,
  decimals: 6,
  message: 'validation.number',
});
export const COLUMN_SORT_ORDER_MAX = 9999;
export const columnSortOrder = rules.integer({ min: 0, max: COLUMN_SORT_ORDER_MAX });

export const protocolColumn = z.object({
  id: z.number().int(),
  protocolId: z.number().int(),
  key: z.string(),
  name: z.string(),
  unit: z.string(),
  scale: z.number(),
  valueType: z.enum(COLUMN_VALUE_TYPES),
  sortOrder: z.number().int(),
});
export type ProtocolColumn = z.infer<typeof protocolColumn>;

const protocolColumnBody = z.strictObject({
  key: columnKey,
  name: columnName,
  unit: columnUnit.default(''),
  scale: columnScale.default(1),
  valueType: z.enum(COLUMN_VALUE_TYPES),
  sortOrder: columnSortOrder.default(0),
});

const columnIdParams = z.strictObject({ id: rules.id, columnId: rules.id });

export const listProtocolColumns = defineEndpoint({
  method: 'GET',
  path: '/api/v1/management/protocols/:id/columns',
  summary: "A device protocol's columns by sort order and key; 2 for an unknown protocol",
  tag: TAG,
  access: requires('sys.protocol.manage'),
  params: protocolIdParams,
  data: z.array(protocolColumn),
});

export const createProtocolColumn = defineEndpoint({
  method: 'POST',
  path: '/api/v1/management/protocols/:id/columns',
  summary: 'Add a column to a device protocol; 5000 when its key exists in the protocol',
  tag: TAG,
  access: requires('sys.protocol.edit'),
  encoding: 'json',
  params: protocolIdParams,
  body: protocolColumnBody,
  data: protocolColumn,
  tolerated: [ErrorCode.codeExists],
});

export const updateProtocolColumn = defineEndpoint({
  method: 'PUT',
  path: '/api/v1/management/protocols/:id/columns/:columnId',
  summary: "Change a protocol column's key, name, unit, scale, type or order; 5000 for a taken key",
  tag: TAG,
  access: requires('sys.protocol.edit'),
  encoding: 'json',
  params: columnIdParams,
  body: protocolColumnBody,
  data: protocolColumn,
  tolerated: [ErrorCode.codeExists],
});

export const removeProtocolColumn = defineEndpoint({
  method: 'DELETE',
  path: '/api/v1/management/protocols/:id/columns/:columnId',
  summary: 'Remove a column from its device protocol',
  tag: TAG,
  access: requires('sys.protocol.edit'),
  params: columnIdParams,
  data: z.null(),
});
