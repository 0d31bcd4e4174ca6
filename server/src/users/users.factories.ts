import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../app-deps.js';

/** A plant with one datalogger and one inverter, for counting plants and events. */
export async function buildPlantWithInverter(
  deps: AppDeps,
  options: { ownerUserId: number; companyId?: number | null },
) {
  const suffix = randomUUID().slice(0, 8);
  const plant = await deps.db
    .insertInto('plants')
    .values({
      name: `Plant ${suffix}`,
      owner_user_id: options.ownerUserId,
      company_id: options.companyId ?? null,
      capacity_kwp: 10,
      longitude: null,
      latitude: null,
      address: null,
      region_country: null,
      region_state: null,
      region_city: null,
      picture_url: null,
      total_investment: null,
      installer_email: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const datalogger = await deps.db
    .insertInto('dataloggers')
    .values({
      sn: `DL${suffix}`,
      registration_key: 'KEY123',
      plant_id: plant.id,
      alias: null,
      hardware_version: null,
      software_version: null,
      signal_strength: null,
      iccid: null,
      last_online_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const device = await deps.db
    .insertInto('devices')
    .values({
      datalogger_id: datalogger.id,
      sn: `INV${suffix}`,
      kind: 'inverter',
      model_code: null,
      alias: null,
      rated_power_kw: null,
      last_seen_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { plantId: plant.id, deviceId: device.id };
}

/** An event on a device; `isOpen` leaves it without an end. */
export async function buildEvent(deps: AppDeps, deviceId: number, isOpen: boolean) {
  await deps.db
    .insertInto('events')
    .values({
      device_id: deviceId,
      code: `E${randomUUID().slice(0, 6)}`,
      level: 1,
      started_at: new Date(Date.now() - 3_600_000),
      ended_at: isOpen ? null : new Date(),
      notified_at: null,
    })
    .execute();
}

/** Bytes of a 1x1 PNG and the start of a JPEG, as file-type recognises them. */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
export const JPEG_BYTES = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0', 'binary'),
  Buffer.alloc(64),
]);

/** A multipart body with one file field. */
export function multipartFile(
  bytes: Buffer,
  fileName: string,
  contentType: string,
  field = 'file',
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----solar${randomUUID().replaceAll('-', '')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
