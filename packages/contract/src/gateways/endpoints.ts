import { z } from 'zod';
import { DEVICE_FAMILIES } from '../devices/families.js';
import { ErrorCode } from '../errors/codes.js';
import { defineEndpoint, pageOf, requires } from '../http/endpoint.js';
import { gatewayImportUpload } from '../http/upload.js';
import * as rules from '../validation/rules.js';

const TAG = 'gateway';

/** A datalogger's status uses the device status words: connected is `normal`. */
export const GATEWAY_STATUSES = DEVICE_FAMILIES.gateway.statuses;
export const gatewayStatus = z.enum(['normal', 'offline']);
export type GatewayStatus = z.infer<typeof gatewayStatus>;

/** How the datalogger sends its records (docs/device-protocol.md): MQTT or HTTP upload. */
export const GATEWAY_TRANSPORTS = ['mqtt', 'http'] as const;
export const gatewayTransport = z.enum(GATEWAY_TRANSPORTS);
export type GatewayTransport = z.infer<typeof gatewayTransport>;

/** Seconds between two records a datalogger may be told to keep. */
export const REPORT_INTERVAL_SECONDS = { min: 30, max: 3600 } as const;

/** The most rows one import file may carry (a larger file answers code 4 and imports nothing). */
export const GATEWAY_IMPORT_MAX_ROWS = 5000;
/** Spec section 9: the import's local area code. */
export const GATEWAY_IMPORT_AREA = 'Europe';
/** The template's header row; the import reads columns by position. */
export const GATEWAY_IMPORT_COLUMNS = ['SN', 'Key', 'Alias', 'Area code'] as const;
/** The most SN and key pairs one batch check may carry. */
export const GATEWAY_CHECK_MAX_ROWS = 200;

const snParams = z.object({ sn: rules.serialNumber });
const optionalAlias = z
  .preprocess((value) => (value === '' ? null : value), rules.name(32).nullable())
  .optional();

export const gatewayRow = z.object({
  id: z.number().int(),
  sn: z.string(),
  alias: z.string().nullable(),
  plantId: z.number().int().nullable(),
  plantName: z.string().nullable(),
  status: gatewayStatus,
  /** Signal strength in percent, as the datalogger last reported it. */
  signalStrength: z.number().nullable(),
  /** The datalogger's software (firmware) version. */
  softwareVersion: z.string().nullable(),
  lastOnlineAt: z.string().nullable(),
  /** Devices (inverters, meters, …) behind the datalogger. */
  deviceCount: z.number().int(),
});
export type GatewayRow = z.infer<typeof gatewayRow>;

export const gatewayDetail = gatewayRow.extend({
  /** The registration key; null for callers who may not manage the datalogger. */
  key: z.string().nullable(),
  /** The protocol version the datalogger speaks. */
  protocol: z.string(),
  transport: gatewayTransport,
  hardwareVersion: z.string().nullable(),
  iccid: z.string().nullable(),
  /** Password of the datalogger's connection; null for callers who may not manage it. */
  connectionPassword: z.string().nullable(),
  /** The SNs of the devices behind the datalogger. */
  gsns: z.array(z.string()),
  isRemoteSettingEnabled: z.boolean(),
  /** Whether the caller may manage it (edit, unbind, delete, see its key). */
  canManage: z.boolean(),
  createdAt: z.string(),
});
export type GatewayDetail = z.infer<typeof gatewayDetail>;

export const GATEWAY_SORT_FIELDS = ['sn', 'lastOnlineAt', 'signalStrength', 'plantName'] as const;

export const listGateways = defineEndpoint({
  method: 'GET',
  path: '/api/v1/gateways',
  summary:
    'Dataloggers the caller may see (those of visible plants and their own unbound stock), filterable by plant, status and keyword (SN or alias)',
  tag: TAG,
  access: requires('gateway.view'),
  query: z.object({
    ...rules.paging,
    plantId: rules.id.optional(),
    status: gatewayStatus.optional(),
    keyword: rules.text(64).optional(),
    sort: z.enum(GATEWAY_SORT_FIELDS).default('sn'),
    order: z.enum(['asc', 'desc']).default('asc'),
  }),
  data: pageOf(gatewayRow),
});

export const getGateway = defineEndpoint({
  method: 'GET',
  path: '/api/v1/gateway/:sn',
  summary: 'One datalogger with every field; the key and connection password only for managers',
  tag: TAG,
  access: requires('gateway.view'),
  params: snParams,
  data: gatewayDetail,
  tolerated: [ErrorCode.dataloggerNotFound],
});

const gatewayCodes = [
  ErrorCode.noPermission,
  ErrorCode.dataloggerCredentials,
  ErrorCode.dataloggerInUse,
  ErrorCode.dataloggerNotFound,
] as const;

export const createGateway = defineEndpoint({
  method: 'POST',
  path: '/api/v1/gateway',
  summary:
    "Add a datalogger of the factory register to the caller's list with its SN and key (305 unknown SN, 300 wrong key, 301 already used); optionally bind it to a plant",
  tag: TAG,
  access: requires('gateway.create'),
  encoding: 'json',
  body: z.strictObject({
    sn: rules.serialNumber,
    key: rules.serialNumber,
    alias: optionalAlias,
    plantId: z.preprocess((value) => (value === '' ? null : value), rules.id.nullable()).optional(),
  }),
  data: gatewayDetail,
  tolerated: [...gatewayCodes, ErrorCode.plantNotFound],
});

export const deleteGateway = defineEndpoint({
  method: 'POST',
  path: '/api/v1/gateway/:sn/delete',
  summary:
    "Remove a datalogger from the caller's list (it returns to the factory stock, its history stays); 301 while it is bound to a plant",
  tag: TAG,
  access: requires('gateway.delete'),
  params: snParams,
  data: z.null(),
  tolerated: gatewayCodes,
});

export const renameGateway = defineEndpoint({
  method: 'POST',
  path: '/api/v1/gateway/:sn/alias',
  summary: "Set or clear the datalogger's alias",
  tag: TAG,
  access: requires('gateway.create'),
  encoding: 'json',
  params: snParams,
  body: z.strictObject({ alias: optionalAlias }),
  data: gatewayDetail,
  tolerated: gatewayCodes,
});

export const unbindGateway = defineEndpoint({
  method: 'POST',
  path: '/api/v1/gateway/:sn/unbind',
  summary:
    "Second step of the unbind of section 4, after the plant-gateway unbind answered 0: clears the datalogger's plant-side alias and keeps it in its owner's list; 301 while it is still bound to a plant",
  tag: TAG,
  access: requires('gateway.unbind'),
  params: snParams,
  data: gatewayDetail,
  tolerated: gatewayCodes,
});

export const gatewayCommunication = z.object({
  sn: z.string(),
  transport: gatewayTransport,
  reportIntervalSeconds: z.number().int(),
  /** Where the datalogger connects to (read-only). */
  serverAddress: z.string(),
  isRemoteSettingEnabled: z.boolean(),
  /** When the stored setting was last changed; the device has not confirmed it. */
  updatedAt: z.string().nullable(),
  canManage: z.boolean(),
});
export type GatewayCommunication = z.infer<typeof gatewayCommunication>;

export const getGatewayProtocol = defineEndpoint({
  method: 'GET',
  path: '/api/v1/gateway/:sn/protocol',
  summary: "The datalogger's communication settings: transport, reporting interval, server address",
  tag: TAG,
  access: requires('gateway.view'),
  params: snParams,
  data: gatewayCommunication,
  tolerated: [ErrorCode.dataloggerNotFound],
});

export const setGatewayProtocol = defineEndpoint({
  method: 'POST',
  path: '/api/v1/gateway/:sn/protocol',
  summary:
    "Store the datalogger's transport and reporting interval (the portal's setting; sending it to the device is a command of its own); code 2 while remote settings are switched off",
  tag: TAG,
  access: requires('gateway.create'),
  encoding: 'json',
  params: snParams,
  body: z.strictObject({
    transport: gatewayTransport,
    reportIntervalSeconds: rules.integer(REPORT_INTERVAL_SECONDS),
  }),
  data: gatewayCommunication,
  tolerated: gatewayCodes,
});

export const switchGatewaySettings = defineEndpoint({
  method: 'POST',
  path: '/api/v1/gateway/:sn/settings/switch',
  summary:
    'Switch remote settings of the datalogger on or off; while off, its communication settings cannot be changed from the portal',
  tag: TAG,
  access: requires('gateway.create'),
  encoding: 'json',
  params: snParams,
  body: z.strictObject({ isEnabled: z.boolean() }),
  data: gatewayCommunication,
  tolerated: gatewayCodes,
});

/** The result of one row of a batch check or an import: code 0, 4, 300, 301 or 305. */
export const gatewayRowResult = z.object({
  /** 1-based: the row of the file (header is row 1) or the position in the check list. */
  row: z.number().int(),
  sn: z.string(),
  code: z.number().int(),
  /** The code's catalogue text in the caller's language. */
  msg: z.string(),
  /** Why, for developers (English), when the code alone does not say it. */
  detail: z.string().optional(),
});
export type GatewayRowResult = z.infer<typeof gatewayRowResult>;

export const checkGateways = defineEndpoint({
  method: 'POST',
  path: '/api/v1/gateways/check',
  summary:
    'Check SN and key pairs before adding them: a result per row (0 free and correct, 300 wrong key, 301 already used, 305 unknown); nothing changes',
  tag: TAG,
  access: requires('gateway.create'),
  encoding: 'json',
  body: z.strictObject({
    gateways: z
      .array(z.strictObject({ sn: rules.serialNumber, key: rules.serialNumber }))
      .min(1, 'validation.required')
      .max(GATEWAY_CHECK_MAX_ROWS, 'validation.maxLength'),
  }),
  data: z.object({ results: z.array(gatewayRowResult) }),
  tolerated: [ErrorCode.dataloggerCredentials, ErrorCode.dataloggerInUse],
});

export const importGateways = defineEndpoint({
  method: 'POST',
  path: '/api/v1/gateways/import',
  summary: `Import dataloggers from an .xlsx or .xls file (multipart field \`file\`, columns ${GATEWAY_IMPORT_COLUMNS.join(', ')}, at most ${GATEWAY_IMPORT_MAX_ROWS} rows): each row is imported whole or not at all and reported with its code. The template: GET /api/v1/gateways/import/template`,
  tag: TAG,
  access: requires('gateway.create'),
  encoding: 'multipart',
  upload: gatewayImportUpload,
  data: z.object({
    imported: z.number().int(),
    failed: z.number().int(),
    results: z.array(gatewayRowResult),
  }),
  tolerated: [ErrorCode.dataloggerNotFound, ErrorCode.dataloggerCredentials],
});

/** Public: the template holds only the header row, so sign-in is not needed to fetch it. */
export const GATEWAY_IMPORT_TEMPLATE_PATH = '/api/v1/gateways/import/template';
