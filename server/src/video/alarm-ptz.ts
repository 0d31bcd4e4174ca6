import type { AppDeps } from '../app-deps.js';
import { isSpaceAlarmLevel } from './alarm-levels.js';
import { recordPtzCommand } from './ptz-commands.js';
import type { ChannelFeed, VideoRuntime } from './video-runtime.js';

type Deps = Pick<AppDeps, 'db' | 'logger'>;

/** Only alarms this recent move cameras: a backlog of old events does not. */
const LOOKBACK_SECONDS = 120;
/** How often the portal looks for new alarms to move cameras on. */
export const ALARM_PTZ_INTERVAL_MS = 5000;

/**
 * Alarms of their space's levels at the plant of simulated camera channels with an alarm preset
 * the channel has not yet moved to for that alarm.
 */
function pendingMoves({ db }: Pick<Deps, 'db'>, now: number) {
  return db
    .selectFrom('events')
    .innerJoin('devices as dv', 'dv.id', 'events.device_id')
    .innerJoin('dataloggers as dl', 'dl.id', 'dv.datalogger_id')
    .innerJoin('video_devices as vd', 'vd.plant_id', 'dl.plant_id')
    .innerJoin('video_spaces as s', 's.id', 'vd.space_id')
    .innerJoin('video_channels as c', 'c.device_id', 'vd.id')
    .innerJoin('video_presets as p', (join) =>
      join.onRef('p.channel_id', '=', 'c.id').onRef('p.number', '=', 'c.alarm_preset'),
    )
    .leftJoin('video_ptz_commands as pc', (join) =>
      join.onRef('pc.event_id', '=', 'events.id').onRef('pc.channel_id', '=', 'c.id'),
    )
    .select([
      'events.id as eventId',
      'c.id as channelId',
      'c.stream_id',
      'vd.name as deviceName',
      'vd.stream_url',
      'p.number',
      'p.pan',
      'p.tilt',
      'p.zoom',
    ])
    .where('pc.id', 'is', null)
    .where('vd.protocol', '=', 'simulated')
    .where((eb) => isSpaceAlarmLevel(eb))
    .where('events.started_at', '>', new Date(now - LOOKBACK_SECONDS * 1000))
    .orderBy('events.id')
    .execute();
}

/**
 * Moves every camera channel with an alarm preset to it when an alarm of its space's levels
 * happens at its plant; the move is logged as the system's PTZ command of that alarm.
 * Answers how many channels moved.
 */
export async function moveToAlarmPresetsNow(
  deps: Deps,
  runtime: Pick<VideoRuntime, 'refreshChannel'>,
  now = Date.now(),
): Promise<number> {
  let moved = 0;
  for (const move of await pendingMoves(deps, now)) {
    const position = { pan: move.pan, tilt: move.tilt, zoom: move.zoom };
    const isFirst = await deps.db.transaction().execute(async (trx) => {
      const isRecorded = await recordPtzCommand(trx, {
        channelId: move.channelId,
        userId: null,
        action: 'preset',
        presetNumber: move.number,
        eventId: Number(move.eventId),
      });
      if (isRecorded)
        await trx
          .updateTable('video_channels')
          .set(position)
          .where('id', '=', move.channelId)
          .execute();
      return isRecorded;
    });
    if (!isFirst) continue;
    const feed: ChannelFeed = {
      channelId: move.channelId,
      streamId: move.stream_id,
      deviceName: move.deviceName,
      protocol: 'simulated',
      streamUrl: move.stream_url,
      position,
    };
    await runtime.refreshChannel(feed);
    moved += 1;
  }
  return moved;
}

/** Looks for alarms every few seconds while the portal runs (stopped by the returned function). */
export function watchAlarmsForPtz(deps: Deps, runtime: VideoRuntime): () => void {
  let isRunning = false;
  const timer = setInterval(() => {
    if (isRunning) return;
    isRunning = true;
    moveToAlarmPresetsNow(deps, runtime)
      .then((moved) => {
        if (moved > 0) deps.logger.info({ moved }, 'video: cameras moved to their alarm preset');
      })
      .catch((error: unknown) => deps.logger.warn({ err: error }, 'video: alarm PTZ failed'))
      .finally(() => {
        isRunning = false;
      });
  }, ALARM_PTZ_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
