import { randomBytes, randomInt } from 'node:crypto';
import type { AppDeps } from '../app-deps.js';
import { buildPlantWithDevices } from '../plants/plants.factories.js';
import { buildCompanyWithStaff } from '../test/factories.js';

/** A camera space of the company with one camera of one channel, written directly. */
export async function buildVideoCamera(
  deps: Pick<AppDeps, 'db'>,
  companyId: number,
  options: { protocol?: 'rtmp' | 'simulated'; retentionDays?: number; plantId?: number } = {},
) {
  const space = await deps.db
    .insertInto('video_spaces')
    .values({
      company_id: companyId,
      name: 'Perimeter',
      retention_days: options.retentionDays ?? 7,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const device = await deps.db
    .insertInto('video_devices')
    .values({
      space_id: space.id,
      device_id: Array.from({ length: 20 }, () => randomInt(10)).join(''),
      name: 'Gate camera',
      protocol: options.protocol ?? 'rtmp',
      plant_id: options.plantId ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const channel = await deps.db
    .insertInto('video_channels')
    .values({
      device_id: device.id,
      number: 1,
      name: 'Gate camera 1',
      stream_id: randomBytes(12).toString('hex'),
    })
    .returning(['id', 'stream_id'])
    .executeTakeFirstOrThrow();
  return {
    spaceId: space.id,
    deviceId: device.id,
    channelId: channel.id,
    streamId: channel.stream_id,
  };
}

/** A company (staff with `video.view`) whose plant has an inverter and a simulated camera. */
export async function buildPlantWithCamera(deps: AppDeps) {
  const staff = await buildCompanyWithStaff(deps, ['video.view']);
  const { plant, devices } = await buildPlantWithDevices(deps, staff.admin.id, [{}], {
    company_id: staff.company.id,
  });
  const camera = await buildVideoCamera(deps, staff.company.id, {
    protocol: 'simulated',
    plantId: plant.id,
  });
  return { ...staff, plant, inverter: devices[0]!, camera };
}

/**
 * A stream token (or a URL ending in one) whose signature differs in its first character: the
 * last characters of a base64url signature may carry padding bits only, so changing those can
 * leave the token valid.
 */
export function withTamperedSignature(tokenOrUrl: string): string {
  const cut = tokenOrUrl.lastIndexOf('.') + 1;
  const first = tokenOrUrl[cut] === 'A' ? 'B' : 'A';
  return `${tokenOrUrl.slice(0, cut)}${first}${tokenOrUrl.slice(cut + 1)}`;
}
