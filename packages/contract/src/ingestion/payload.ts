import { z } from 'zod';

/**
 * The datalogger payload of docs/device-protocol.md, shared by the server (validation) and the
 * simulator (construction). One message carries the readings of every device behind one
 * datalogger at one instant.
 */

const finite = z.number().finite();
/** Vendor-specific extra values are kept as sent. */
const extra = z.unknown();

export const SERIAL_NUMBER_PATTERN = /^[A-Za-z0-9_.-]{1,64}$/;
export const serialNumber = z.string().regex(SERIAL_NUMBER_PATTERN, 'validation.serialNumber');

/** One MPPT string or one AC phase. */
export const voltageCurrent = z.object({ v: finite, i: finite });

export const INVERTER_STATES = ['normal', 'standby', 'protect', 'upgrading', 'fault'] as const;
export type InverterState = (typeof INVERTER_STATES)[number];

/** Remote on/off state of an inverter, switched by the boot and shutdown commands. */
export const INVERTER_SWITCH_STATES = ['on', 'off'] as const;
export type InverterSwitchState = (typeof INVERTER_SWITCH_STATES)[number];

export const inverterValues = z
  .object({
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
  })
  .catchall(extra);

export const meterValues = z
  .object({
    import_kwh_total: finite.min(0).optional(),
    export_kwh_total: finite.min(0).optional(),
    /** Grid power: positive when importing, negative when exporting. */
    p_grid_w: finite.optional(),
    p_load_w: finite.optional(),
  })
  .catchall(extra);

export const batteryValues = z
  .object({
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
  })
  .catchall(extra);

export const weatherValues = z
  .object({
    irradiance_wm2: finite.min(0).optional(),
    ambient_c: finite.optional(),
    module_c: finite.optional(),
    wind_ms: finite.min(0).optional(),
  })
  .catchall(extra);

/** On/off state of a switched device (smart and AC switches, heat pumps, storage systems). */
export const ON_OFF_STATES = ['on', 'off'] as const;
const onOff = z.enum(ON_OFF_STATES);

export const switchValues = z
  .object({
    state: onOff.optional(),
    p_w: finite.optional(),
    e_total_kwh: finite.min(0).optional(),
    leakage_ma: finite.min(0).optional(),
  })
  .catchall(extra);

/** A combiner box: one voltage and current per string. */
export const boxValues = z
  .object({ strings: z.array(voltageCurrent).max(32).optional() })
  .catchall(extra);

/** An energy-management device: grid power (as meters) against its export limit. */
export const epmValues = z
  .object({
    p_grid_w: finite.optional(),
    export_limit_w: finite.min(0).optional(),
  })
  .catchall(extra);

export const heatPumpValues = z
  .object({
    state: onOff.optional(),
    mode: z.string().max(32).optional(),
    p_w: finite.optional(),
    water_c: finite.optional(),
    e_total_kwh: finite.min(0).optional(),
  })
  .catchall(extra);

export const essValues = z
  .object({
    state: onOff.optional(),
    mode: z.string().max(32).optional(),
    soc_pct: finite.min(0).max(100).optional(),
    p_bat_w: finite.optional(),
  })
  .catchall(extra);

const deviceBase = { sn: serialNumber, model: z.string().max(64).optional() };

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

/** The payload of `dl/{sn}/ack`: the `ts` values now committed, which the datalogger may forget. */
export const dataloggerAck = z.object({ ts: z.array(z.string()) });
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
