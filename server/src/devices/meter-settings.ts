import { type DeviceSettingValues, ErrorCode, METER_SETTINGS } from '@solar/contract';
import type { Db } from '../db/database.js';
import { AppError } from '../errors/app-error.js';
import { retryingTransaction } from '../db/retrying-transaction.js';

/**
 * A meter's settings as the portal stores them (`meter_settings`, defaults until first saved),
 * under the field keys of `METER_SETTINGS`.
 */
const NUMBER_COLUMNS = [
  'ct_ratio',
  'pt_ratio',
  'buy_offset_kwh',
  'sell_offset_kwh',
  'price_tip',
  'price_peak',
  'price_flat',
  'price_valley',
  'discount_factor',
] as const;

const DEFAULTS: DeviceSettingValues = {
  master: false,
  ct_ratio: 1,
  pt_ratio: 1,
  buy_offset_kwh: 0,
  sell_offset_kwh: 0,
  price_tip: 0,
  price_peak: 0,
  price_flat: 0,
  price_valley: 0,
  discount_factor: 1,
};

export async function readMeterSettings(db: Db, deviceId: number): Promise<DeviceSettingValues> {
  const row = await db
    .selectFrom('meter_settings')
    .selectAll()
    .where('device_id', '=', deviceId)
    .executeTakeFirst();
  if (!row) return { ...DEFAULTS };
  const values: DeviceSettingValues = { master: row.master };
  for (const column of NUMBER_COLUMNS) values[column] = Number(row[column]);
  return values;
}

/** Only the keys the descriptor names reach the table. */
function columnsOf(values: DeviceSettingValues) {
  const keys = new Set(METER_SETTINGS.fields.map((field) => field.key));
  return Object.fromEntries(Object.entries(values).filter(([key]) => keys.has(key)));
}

/**
 * Saves the given settings. Marking a meter master locks its plant's row first, so two meters
 * marked at once in one plant are checked one after the other and the second is refused (620).
 */
export async function writeMeterSettings(
  db: Db,
  meter: { id: number; plantId: number | null },
  values: DeviceSettingValues,
): Promise<void> {
  await retryingTransaction(db, async (trx) => {
    if (values.master === true && meter.plantId !== null) {
      await trx
        .selectFrom('plants')
        .select('id')
        .where('id', '=', meter.plantId)
        .forUpdate()
        .execute();
      const other = await trx
        .selectFrom('meter_settings')
        .innerJoin('devices', 'devices.id', 'meter_settings.device_id')
        .innerJoin('dataloggers', 'dataloggers.id', 'devices.datalogger_id')
        .select('devices.id')
        .where('dataloggers.plant_id', '=', meter.plantId)
        .where('meter_settings.master', '=', true)
        .where('devices.id', '!=', meter.id)
        .executeTakeFirst();
      if (other) throw new AppError(ErrorCode.meterMasterExists);
    }
    const columns = { ...columnsOf(values), updated_at: new Date() };
    await trx
      .insertInto('meter_settings')
      .values({ device_id: meter.id, ...columns })
      .onConflict((oc) => oc.column('device_id').doUpdateSet(columns))
      .execute();
  });
}
