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
