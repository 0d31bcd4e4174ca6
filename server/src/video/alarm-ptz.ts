import type { AppDeps } from '../app-deps.js';
import type { RaisedEvent } from '../events/event-tracker.js';
import type { RaisedEventsDeps } from '../events/raised-events.js';
import { alarmsAtCameraChannels } from './alarm-levels.js';
import { recordPtzCommand } from './ptz-commands.js';
import type { ChannelFeed, VideoRuntime } from './video-runtime.js';
import { retryingTransaction } from '../db/retrying-transaction.js';

type Deps = Pick<AppDeps, 'db' | 'logger'> & RaisedEventsDeps;

/** Only alarms this recent move cameras: a backlog of old samples raising events does not. */
const LOOKBACK_SECONDS = 120;

/** Of the events, the alarms of their space's levels at simulated camera channels with an alarm preset. */
function movesOf({ db }: Pick<Deps, 'db'>, eventIds: readonly number[]) {
  return alarmsAtCameraChannels(db)
    .innerJoin('video_presets as p', (join) =>
      join.onRef('p.channel_id', '=', 'c.id').onRef('p.number', '=', 'c.alarm_preset'),
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
    .where('events.id', 'in', eventIds)
    .where('vd.protocol', '=', 'simulated')
    .orderBy('events.id')
    .execute();
}

/**
 * Moves every camera channel with an alarm preset to it for each of the events that is a recent
 * alarm of its space's levels at its plant; the move is logged as the system's PTZ command of
 * that alarm, once per alarm and channel however often this runs. Answers how many channels moved.
 */
export async function moveToAlarmPresets(
  deps: Pick<Deps, 'db'>,
  runtime: Pick<VideoRuntime, 'refreshChannel'>,
  events: readonly RaisedEvent[],
  now = Date.now(),
): Promise<number> {
  const recent = events.filter((e) => now - e.startedAt.getTime() < LOOKBACK_SECONDS * 1000);
  if (recent.length === 0) return 0;
  let moved = 0;
  for (const move of await movesOf(
    deps,
    recent.map((e) => e.id),
  )) {
    const position = { pan: move.pan, tilt: move.tilt, zoom: move.zoom };
    const isFirst = await retryingTransaction(deps.db, async (trx) => {
      const isRecorded = await recordPtzCommand(trx, {
        channelId: move.channelId,
        userId: null,
        action: 'preset',
        presetNumber: move.number,
        eventId: move.eventId,
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

/** Moves cameras to their alarm preset as ingestion raises alarms (stopped by the returned function). */
export function moveCamerasOnAlarms(deps: Deps, runtime: VideoRuntime): () => void {
  return deps.raisedEvents.listen(async (events) => {
    const moved = await moveToAlarmPresets(deps, runtime, events);
    if (moved > 0) deps.logger.info({ moved }, 'video: cameras moved to their alarm preset');
  });
}
