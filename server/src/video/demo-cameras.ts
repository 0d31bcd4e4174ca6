import { randomBytes } from 'node:crypto';
import { VIDEO_RETENTION_DAYS } from '@solar/contract';
import type { Db } from '../db/database.js';
import { generatedDeviceId } from './video.service.js';

/** The embedded demo's cameras: at most this many, so a fresh demo runs few ffmpeg encoders. */
const DEMO_CAMERA_COUNT = 2;

/**
 * A camera space of the demo company with a simulated camera on each of its first plants, so
 * the video pages and the plants' camera cards show moving pictures on a first start (the
 * server draws them with ffmpeg once video is first opened, VIDEO=auto).
 */
export async function seedDemoCameras(db: Db, companyId: number): Promise<void> {
  const plants = await db
    .selectFrom('plants')
    .select(['id', 'name'])
    .where('company_id', '=', companyId)
    .orderBy('id')
    .limit(DEMO_CAMERA_COUNT)
    .execute();
  if (plants.length === 0) return;
  const space = await db
    .insertInto('video_spaces')
    .values({
      company_id: companyId,
      name: 'Demo site cameras',
      retention_days: VIDEO_RETENTION_DAYS.default,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const plant of plants) {
    const device = await db
      .insertInto('video_devices')
      .values({
        space_id: space.id,
        plant_id: plant.id,
        device_id: generatedDeviceId(),
        name: `${plant.name} gate`.slice(0, 32),
        protocol: 'simulated',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('video_channels')
      .values({
        device_id: device.id,
        number: 1,
        name: `${plant.name} gate 1`,
        stream_id: randomBytes(12).toString('hex'),
      })
      .execute();
  }
}
