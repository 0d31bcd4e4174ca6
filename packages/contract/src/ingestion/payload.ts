import { z } from 'zod';

/**
 * The datalogger payload of docs/device-protocol.md, shared by the server (validation) and the
 * simulator (construction). One message carries the readings of every device behind one
 * datalogger at one instant.
 */

const finite = z.number().finite();

/**
 * What vendor-specific extra values may hold. They are kept as sent, so they are bounded like
 * everything else a device sends: a value nested thousands of levels deep once passed
 * validation and then stopped storage (JSON.stringify throws on it).
 */
export const VENDOR_VALUE_LIMITS = {
  /** `{"mppt": [{"v": 1}]}` nests three levels below the values object. */
  depth: 4,
  /** Keys of one object, the values object of a reading included. */
  keys: 128,
  keyLength: 64,
  stringLength: 256,
  arrayLength: 64,
} as const;

const vendorKey = z.string().max(VENDOR_VALUE_LIMITS.keyLength);
const vendorScalar = z.union([
  finite,
  z.string().max(VENDOR_VALUE_LIMITS.stringLength),
  z.boolean(),
  z.null(),
]);
const withinKeyCount = (value: object) => Object.keys(value).length <= VENDOR_VALUE_LIMITS.keys;
const tooManyKeys = { message: 'validation.tooManyKeys' };

function vendorValueNesting(levels: number): z.ZodType {
  if (levels === 0) return vendorScalar;
  const inner = vendorValueNesting(levels - 1);
  return z.union([
    vendorScalar,
    z.array(inner).max(VENDOR_VALUE_LIMITS.arrayLength),
    z.record(vendorKey, inner).refine(withinKeyCount, tooManyKeys),
  ]);
}

export const vendorValue = vendorValueNesting(VENDOR_VALUE_LIMITS.depth - 1);

/** A reading's values: the kind's known keys, plus bounded vendor extras under bounded keys. */
function readingValues<Shape extends z.ZodRawShape>(shape: Shape) {
  return z
    .object(shape)
    .catchall(vendorValue)
    .refine(withinKeyCount, tooManyKeys)
    .refine(
      // A plain length check: this runs for every reading of every message.
      (values) => Object.keys(values).every((key) => key.length <= VENDOR_VALUE_LIMITS.keyLength),
      { message: 'validation.keyTooLong' },
    );
}

export const SERIAL_NUMBER_PATTERN = /^[A-Za-z0-9_.-]{1,64}$/;
export const serialNumber = z.string().regex(SERIAL_NUMBER_PATTERN, 'validation.serialNumber');

/** One MPPT string or one AC phase. */
export const voltageCurrent = z.object({ v: finite, i: finite });

export const INVERTER_STATES = ['normal', 'standby', 'protect', 'upgrading', 'fault'] as const;
export type InverterState = (typeof INVERTER_STATES)[number];

/** Remote on/off state of an inverter, switched by the boot and shutdown commands. */
export const INVERTER_SWITCH_STATES = ['on', 'off'] as const;
export type InverterSwitchState = (typeof INVERTER_SWITCH_STATES)[number];

export const inverterValues = readingValues({
  pac_w: finite.optional(),
  e_day_kwh: finite.min(0).optional(),
  e_total_kwh: finite.min(0).optional(),
  pv: z.array(voltageCurrent).max(32).optional(),
  ac: z.array(voltageCurrent).max(3).optional(),
  freq_hz: finite.optional(),
  pf: finite.min(-1).max(1).optional(),
  temp_c: finite.optional(),
  status: z.enum(INVERTER_STATES).optional(),
  /** Absent means `on`. */
  switch: z.enum(INVERTER_SWITCH_STATES).optional(),
  fault_codes: z.array(z.string().min(1).max(16)).max(32).optional(),
});

export const meterValues = readingValues({
  import_kwh_total: finite.min(0).optional(),
  export_kwh_total: finite.min(0).optional(),
  /** Grid power: positive when importing, negative when exporting. */
  p_grid_w: finite.optional(),
  p_load_w: finite.optional(),
});

export const batteryValues = readingValues({
  soc_pct: finite.min(0).max(100).optional(),
  /** Battery power: positive when discharging, negative when charging. */
  p_bat_w: finite.optional(),
  charge_kwh_total: finite.min(0).optional(),
  discharge_kwh_total: finite.min(0).optional(),
  temp_c: finite.optional(),
  cycles: finite.min(0).optional(),
  /** State of health: the capacity left, as a percentage of the new battery's. */
  soh_pct: finite.min(0).max(100).optional(),
  fault_codes: z.array(z.string().min(1).max(16)).max(32).optional(),
});

export const weatherValues = readingValues({
  irradiance_wm2: finite.min(0).optional(),
  ambient_c: finite.optional(),
  module_c: finite.optional(),
  wind_ms: finite.min(0).optional(),
});

/** On/off state of a switched device (smart and AC switches, heat pumps, storage systems). */
export const ON_OFF_STATES = ['on', 'off'] as const;
const onOff = z.enum(ON_OFF_STATES);

export const switchValues = readingValues({
  state: onOff.optional(),
  p_w: finite.optional(),
  e_total_kwh: finite.min(0).optional(),
  leakage_ma: finite.min(0).optional(),
});

/** A combiner box: one voltage and current per string. */
export const boxValues = readingValues({
  strings: z.array(voltageCurrent).max(32).optional(),
});

/** An energy-management device: grid power (as meters) against its export limit. */
export const epmValues = readingValues({
  p_grid_w: finite.optional(),
  export_limit_w: finite.min(0).optional(),
});

export const heatPumpValues = readingValues({
  state: onOff.optional(),
  mode: z.string().max(32).optional(),
  p_w: finite.optional(),
  water_c: finite.optional(),
  e_total_kwh: finite.min(0).optional(),
});

export const essValues = readingValues({
  state: onOff.optional(),
  mode: z.string().max(32).optional(),
  soc_pct: finite.min(0).max(100).optional(),
  /** Power at its AC side: positive when discharging, negative when charging. */
  p_bat_w: finite.optional(),
  /** AC-side energy counters, as a battery's: the plant's load counts them. */
  charge_kwh_total: finite.min(0).optional(),
  discharge_kwh_total: finite.min(0).optional(),
});

const deviceBase = {
  sn: serialNumber,
  model: z.string().max(64).optional(),
  /**
   * The SunSpec models the device declares (an edge agent reads them from its model chain): a
   * register map imported from one of them applies to this device only.
   */
  sunspecModels: z.array(z.int().min(1).max(65_535)).max(64).optional(),
};

export const deviceReading = z.discriminatedUnion('kind', [
  z.object({ ...deviceBase, kind: z.literal('inverter'), values: inverterValues }),
  z.object({ ...deviceBase, kind: z.literal('meter'), values: meterValues }),
  z.object({ ...deviceBase, kind: z.literal('battery'), values: batteryValues }),
  z.object({ ...deviceBase, kind: z.literal('weather'), values: weatherValues }),
  z.object({ ...deviceBase, kind: z.literal('switch'), values: switchValues }),
  z.object({ ...deviceBase, kind: z.literal('box'), values: boxValues }),
  z.object({ ...deviceBase, kind: z.literal('epm'), values: epmValues }),
  z.object({ ...deviceBase, kind: z.literal('heat_pump'), values: heatPumpValues }),
  z.object({ ...deviceBase, kind: z.literal('ess'), values: essValues }),
]);
export type DeviceReading = z.infer<typeof deviceReading>;
export type DeviceKind = DeviceReading['kind'];
export const DEVICE_KINDS = [
  'inverter',
  'meter',
  'battery',
  'weather',
  'switch',
  'box',
  'epm',
  'heat_pump',
  'ess',
] as const satisfies readonly DeviceKind[];

const record = {
  /** ISO-8601 instant in UTC, e.g. 2026-06-21T10:05:00Z. */
  ts: z.iso.datetime({ offset: true }),
  devices: z.array(deviceReading).min(1).max(64),
};

export const MAX_RECORDS_PER_MESSAGE = 500;
/** The largest data message (MQTT payload or HTTP body) a datalogger may send: 4 MiB. */
export const MAX_MESSAGE_BYTES = 4 * 1024 * 1024;

/** One record, or a batch of records (backlog, backfill) committed together. */
const recordOrBatch = <T extends z.ZodType>(single: T) =>
  z.union([
    single,
    z.strictObject({ records: z.array(single).min(1).max(MAX_RECORDS_PER_MESSAGE) }),
  ]);

const recordSchema = z.strictObject(record);
export type DataloggerRecord = z.infer<typeof recordSchema>;

/** The body of POST /ingest/v1/data: credentials travel in headers. */
export const dataloggerUpload = recordOrBatch(recordSchema);
export type DataloggerUpload = z.infer<typeof dataloggerUpload>;

/**
 * The payload of `dl/{sn}/data`: a record or `{ records: [...] }`, plus `key` (the
 * registration key), required only when the datalogger talks to an external broker that does
 * not check credentials itself.
 */
export const dataloggerMessage = z.union([
  z.strictObject({ ...record, key: z.string().max(128).optional() }),
  z.strictObject({
    records: z.array(recordSchema).min(1).max(MAX_RECORDS_PER_MESSAGE),
    key: z.string().max(128).optional(),
  }),
]);
export type DataloggerMessage = z.infer<typeof dataloggerMessage>;

/** The records of a message or upload, whichever form it took. */
export function recordsOf(message: DataloggerMessage | DataloggerUpload): DataloggerRecord[] {
  return 'records' in message ? message.records : [{ ts: message.ts, devices: message.devices }];
}

/**
 * Why the portal will never store a record, or one device's reading of it: the message was set
 * aside (storage refused it; docs/device-protocol.md, 1.3), the device belongs to another
 * datalogger, or it was registered as another kind.
 */
export const REFUSAL_REASONS = ['quarantined', 'foreignDevice', 'kindMismatch'] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

/** A refused record (`sn` absent) or a refused reading of one device (`sn` set). */
export const refusedRecord = z.object({
  ts: z.string(),
  sn: z.string().optional(),
  reason: z.enum(REFUSAL_REASONS),
});
export type RefusedRecord = z.infer<typeof refusedRecord>;

/**
 * The payload of `dl/{sn}/ack`: the `ts` values now committed, and those refused for good
 * (sending them again cannot help); the datalogger may forget both.
 */
export const dataloggerAck = z.object({
  ts: z.array(z.string()),
  refused: z.array(refusedRecord).optional(),
});
export type DataloggerAck = z.infer<typeof dataloggerAck>;

/** The payload of `dl/{sn}/status` (retained, also the last will). */
export const DATALOGGER_PRESENCE = ['online', 'offline'] as const;

export const TOPICS = {
  data: (sn: string) => `dl/${sn}/data`,
  status: (sn: string) => `dl/${sn}/status`,
  ack: (sn: string) => `dl/${sn}/ack`,
} as const;

/** The serial number in `dl/{sn}/…`, or null when the topic is not a datalogger topic. */
export function serialOfTopic(topic: string): string | null {
  const match = /^dl\/([^/]+)\/(data|status|ack|cmd|reply)$/.exec(topic);
  return match && SERIAL_NUMBER_PATTERN.test(match[1]!) ? match[1]! : null;
}
