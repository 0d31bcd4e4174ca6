import { randomBytes, randomInt } from 'node:crypto';
import { rm } from 'node:fs/promises';
import {
  ErrorCode,
  type ParsedBody,
  type ParsedQuery,
  VIDEO_DEVICE_LIMIT,
  VIDEO_SPACE_LIMIT,
  type createVideoDevice,
  type createVideoSpace,
  type listVideoDevices,
  type updateVideoSpace,
} from '@solar/contract';
import type { AppDeps } from '../app-deps.js';
import type { AuthContext } from '../auth/auth-context.js';
import { AppError } from '../errors/app-error.js';
import { requirePlantAccess } from '../plants/plant-access.js';
import { diskBytes, streamDir } from './recordings.js';
import { findVisibleChannel, visibleSpaces } from './video-access.js';
import { removeAlarmClipFiles } from './alarm-clips.js';
import { loadChannelFeeds, recordingsDirOf, type VideoRuntime } from './video-runtime.js';
import { retryingTransaction } from '../db/retrying-transaction.js';

type Deps = Pick<AppDeps, 'config' | 'db' | 'files'>;

/** A GB/T 28181 style 20-digit id for cameras added without one. */
export function generatedDeviceId(): string {
  return Array.from({ length: 20 }, () => randomInt(10)).join('');
}

const spaceColumns = (body: ParsedBody<typeof createVideoSpace>) => ({
  name: body.name,
  retention_days: body.retentionDays,
  alarm_levels: body.alarmLevels,
});

/** Camera spaces and cameras: the company's inventory, within the limits of section 9. */
export class VideoService {
  constructor(
    private readonly deps: Deps,
    private readonly runtime: VideoRuntime,
  ) {}

  async listSpaces(auth: AuthContext) {
    const rows = await this.deps.db
      .selectFrom('video_spaces')
      .select((eb) => [
        'video_spaces.id',
        'video_spaces.name',
        'video_spaces.retention_days',
        'video_spaces.alarm_levels',
        eb
          .selectFrom('video_devices')
          .select(eb.fn.countAll<string>().as('n'))
          .whereRef('video_devices.space_id', '=', 'video_spaces.id')
          .as('device_count'),
      ])
      .where(visibleSpaces(auth))
      .orderBy('video_spaces.id')
      .execute();
    return Promise.all(
      rows.map(async (row) => ({ ...row, disk_bytes: await this.spaceDiskBytes(row.id) })),
    );
  }

  async createSpace(auth: AuthContext, body: ParsedBody<typeof createVideoSpace>) {
    const companyId = auth.companyId;
    if (companyId === null) throw new AppError(ErrorCode.noPermission);
    return retryingTransaction(this.deps.db, async (trx) => {
      // Counting under the company's row lock keeps two parallel creations within the limit.
      await trx
        .selectFrom('companies')
        .select('id')
        .where('id', '=', companyId)
        .forUpdate()
        .execute();
      const { n } = await trx
        .selectFrom('video_spaces')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('company_id', '=', companyId)
        .executeTakeFirstOrThrow();
      if (Number(n) >= VIDEO_SPACE_LIMIT) throw new AppError(ErrorCode.videoSpaceLimit);
      return trx
        .insertInto('video_spaces')
        .values({ company_id: companyId, ...spaceColumns(body) })
        .returning('id')
        .executeTakeFirstOrThrow();
    });
  }

  async updateSpace(auth: AuthContext, spaceId: number, body: ParsedBody<typeof updateVideoSpace>) {
    const space = await this.findSpace(auth, spaceId);
    await this.deps.db
      .updateTable('video_spaces')
      .set(spaceColumns(body))
      .where('id', '=', space.id)
      .execute();
  }

  /** The alarm preset of a channel the caller sees: one of its stored presets, or none. */
  async setAlarmPreset(auth: AuthContext, channelId: number, number: number | null) {
    const channel = await findVisibleChannel(this.deps.db, auth, channelId);
    if (number !== null) {
      const preset = await this.deps.db
        .selectFrom('video_presets')
        .select('number')
        .where('channel_id', '=', channel.id)
        .where('number', '=', number)
        .executeTakeFirst();
      if (!preset) throw new AppError(ErrorCode.videoNotFound);
    }
    await this.deps.db
      .updateTable('video_channels')
      .set({ alarm_preset: number })
      .where('id', '=', channel.id)
      .execute();
  }

  async deleteSpace(auth: AuthContext, spaceId: number): Promise<void> {
    const space = await this.findSpace(auth, spaceId);
    const devices = await this.deps.db
      .selectFrom('video_devices')
      .select('id')
      .where('space_id', '=', space.id)
      .execute();
    for (const device of devices) await this.removeDevice(device.id);
    await this.deps.db.deleteFrom('video_spaces').where('id', '=', space.id).execute();
  }

  async listDevices(auth: AuthContext, query: ParsedQuery<typeof listVideoDevices>) {
    let select = this.deps.db
      .selectFrom('video_devices')
      .innerJoin('video_spaces', 'video_spaces.id', 'video_devices.space_id')
      .leftJoin('plants', 'plants.id', 'video_devices.plant_id')
      .selectAll('video_devices')
      .select('plants.name as plant_name')
      .where(visibleSpaces(auth))
      .orderBy('video_devices.id');
    if (query.spaceId !== undefined)
      select = select.where('video_devices.space_id', '=', query.spaceId);
    if (query.plantId !== undefined)
      select = select.where('video_devices.plant_id', '=', query.plantId);
    const devices = await select.execute();
    const channels = await this.channelsOf(devices.map((device) => device.id));
    return devices.map((device) => ({
      ...device,
      channels: channels.filter((channel) => channel.device_id === device.id),
    }));
  }

  async device(auth: AuthContext, deviceId: number) {
    const [device] = (await this.listDevices(auth, {})).filter((row) => row.id === deviceId);
    if (!device) throw new AppError(ErrorCode.videoNotFound);
    if (!auth.permissions.has('video.manage'))
      return { ...device, stream_url: null, push_urls: [] };
    const media = device.protocol === 'rtmp' ? await this.runtime.mediaServer() : null;
    const push_urls = media
      ? device.channels.map((channel) => ({
          channelId: channel.id,
          url: media.publishUrl(channel.stream_id),
        }))
      : [];
    return { ...device, push_urls };
  }

  async createDevice(auth: AuthContext, body: ParsedBody<typeof createVideoDevice>) {
    const space = await this.findSpace(auth, body.spaceId);
    if (body.plantId !== null) await requirePlantAccess(this.deps.db, auth, body.plantId, 'read');
    const created = await retryingTransaction(this.deps.db, async (trx) => {
      await trx
        .selectFrom('video_spaces')
        .select('id')
        .where('id', '=', space.id)
        .forUpdate()
        .execute();
      const { n } = await trx
        .selectFrom('video_devices')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('space_id', '=', space.id)
        .executeTakeFirstOrThrow();
      if (Number(n) >= VIDEO_DEVICE_LIMIT) throw new AppError(ErrorCode.videoDeviceLimit);
      const device = await trx
        .insertInto('video_devices')
        .values({
          space_id: space.id,
          plant_id: body.plantId,
          device_id: body.gbId ?? generatedDeviceId(),
          gb_id: body.gbId,
          name: body.name,
          protocol: body.protocol,
          stream_url: body.protocol === 'rtsp' ? body.streamUrl : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const channels = await trx
        .insertInto('video_channels')
        .values(
          Array.from({ length: body.channelCount }, (_, index) => ({
            device_id: device.id,
            number: index + 1,
            name: `${body.name} ${index + 1}`,
            stream_id: randomBytes(12).toString('hex'),
          })),
        )
        .returning('id')
        .execute();
      return { deviceId: device.id, channelIds: channels.map((channel) => channel.id) };
    });
    if (this.runtime.isEnabled) {
      try {
        for (const feed of await loadChannelFeeds(this.deps.db, created.channelIds)) {
          await this.runtime.startChannel(feed);
        }
      } catch (error) {
        // A camera exists only with its feeds running: what started stops, the rows go.
        await this.removeDevice(created.deviceId);
        throw error;
      }
    }
    return { id: created.deviceId };
  }

  async deleteDevice(auth: AuthContext, deviceId: number): Promise<void> {
    const device = await this.deps.db
      .selectFrom('video_devices')
      .innerJoin('video_spaces', 'video_spaces.id', 'video_devices.space_id')
      .select('video_devices.id')
      .where('video_devices.id', '=', deviceId)
      .where(visibleSpaces(auth))
      .executeTakeFirst();
    if (!device) throw new AppError(ErrorCode.videoNotFound);
    await this.removeDevice(device.id);
  }

  /** Stops the device's feeds, deletes its rows and its recordings. */
  private async removeDevice(deviceId: number): Promise<void> {
    const channels = await this.channelsOf([deviceId]);
    for (const channel of channels) await this.runtime.stopChannel(channel.id);
    await removeAlarmClipFiles(
      this.deps,
      channels.map((channel) => channel.id),
    );
    await this.deps.db.deleteFrom('video_devices').where('id', '=', deviceId).execute();
    const recordings = recordingsDirOf(this.deps.config);
    await Promise.all(
      channels.map((channel) =>
        rm(streamDir(recordings, channel.stream_id), { recursive: true, force: true }),
      ),
    );
  }

  private async findSpace(auth: AuthContext, spaceId: number) {
    const space = await this.deps.db
      .selectFrom('video_spaces')
      .select(['id', 'company_id'])
      .where('id', '=', spaceId)
      .where(visibleSpaces(auth))
      .executeTakeFirst();
    if (!space) throw new AppError(ErrorCode.videoNotFound);
    return space;
  }

  private async channelsOf(deviceIds: number[]) {
    if (deviceIds.length === 0) return [];
    return this.deps.db
      .selectFrom('video_channels')
      .select(['id', 'device_id', 'number', 'name', 'stream_id', 'is_online', 'alarm_preset'])
      .where('device_id', 'in', deviceIds)
      .orderBy('number')
      .execute();
  }

  private async spaceDiskBytes(spaceId: number): Promise<number> {
    const channels = await this.deps.db
      .selectFrom('video_channels')
      .innerJoin('video_devices', 'video_devices.id', 'video_channels.device_id')
      .select('video_channels.stream_id')
      .where('video_devices.space_id', '=', spaceId)
      .execute();
    const recordings = recordingsDirOf(this.deps.config);
    const sizes = await Promise.all(
      channels.map((channel) => diskBytes(streamDir(recordings, channel.stream_id))),
    );
    return sizes.reduce((sum, size) => sum + size, 0);
  }
}
