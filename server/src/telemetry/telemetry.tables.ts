import type { DeviceKind, DeviceStatus } from '@solar/contract';
import type { ColumnType, Generated, Selectable } from 'kysely';

type Json = ColumnType<unknown, string, string>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type CalendarDate = ColumnType<string, string, string>;

export interface DataloggersTable {
  id: Generated<number>;
  sn: string;
  registration_key: string;
  plant_id: number | null;
  alias: string | null;
  protocol: Generated<string>;
  hardware_version: string | null;
  software_version: string | null;
  signal_strength: number | null;
  iccid: string | null;
  last_online_at: Timestamp | null;
  created_at: ColumnType<Date, never, never>;
}

export interface DevicesTable {
  id: Generated<number>;
  datalogger_id: number;
  sn: string;
  kind: DeviceKind;
  model_code: string | null;
  alias: string | null;
  rated_power_kw: ColumnType<number | null, number | string | null, number | string | null>;
  status: Generated<DeviceStatus>;
  last_seen_at: Timestamp | null;
  last_values: ColumnType<unknown, string | undefined, string>;
  created_at: ColumnType<Date, never, never>;
}

export interface SamplesTable {
  device_id: number;
  ts: Timestamp;
  values: Json;
  received_at: ColumnType<Date, never, never>;
}

/** One row per device and 5-minute UTC bucket: the average power of the samples in it. */
export interface Power5minTable {
  device_id: number;
  bucket: Timestamp;
  power_w: number;
}

/**
 * One row per device and plant-local calendar day. Inverters fill energy_kwh (generation),
 * meters import/export and load, batteries charge/discharge.
 */
export interface EnergyDailyTable {
  device_id: number;
  day: CalendarDate;
  energy_kwh: number;
  import_kwh: Generated<number>;
  export_kwh: Generated<number>;
  charge_kwh: Generated<number>;
  discharge_kwh: Generated<number>;
  load_kwh: Generated<number>;
}

export interface EventDescriptorsTable {
  code: string;
  level: number;
  /** `{ [locale]: { text, suggestion } }` for the 13 locales. */
  texts: Json;
}

export interface EventsTable {
  id: Generated<number>;
  device_id: number;
  code: string;
  level: number;
  started_at: Timestamp;
  ended_at: Timestamp | null;
  notified_at: Timestamp | null;
}

export type DataloggerRow = Selectable<DataloggersTable>;
export type DeviceRow = Selectable<DevicesTable>;

export interface TelemetryTables {
  dataloggers: DataloggersTable;
  devices: DevicesTable;
  samples: SamplesTable;
  power_5min: Power5minTable;
  energy_daily: EnergyDailyTable;
  event_descriptors: EventDescriptorsTable;
  events: EventsTable;
}
