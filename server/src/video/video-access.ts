import { ErrorCode } from '@solar/contract';
import type { ExpressionBuilder } from 'kysely';
import type { AuthContext } from '../auth/auth-context.js';
import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { AppError } from '../errors/app-error.js';

/**
 * The one rule for video visibility: camera spaces belong to a company; its members see them
 * (the endpoints' permissions say what they may do), platform administrators see all.
 */
export function visibleSpaces(auth: AuthContext) {
  return (eb: ExpressionBuilder<Database, 'video_spaces'>) => {
    if (auth.kind === 'platform_admin') return eb.lit(true);
    if (auth.companyId === null) return eb.lit(false);
    return eb('video_spaces.company_id', '=', auth.companyId);
  };
}

/** A visible channel with its device and space, or code 1302. */
export async function findVisibleChannel(db: Db, auth: AuthContext, channelId: number) {
  const channel = await db
    .selectFrom('video_channels')
    .innerJoin('video_devices', 'video_devices.id', 'video_channels.device_id')
    .innerJoin('video_spaces', 'video_spaces.id', 'video_devices.space_id')
    .select([
      'video_channels.id',
      'video_channels.stream_id',
      'video_channels.pan',
      'video_channels.tilt',
      'video_channels.zoom',
      'video_devices.name as device_name',
      'video_devices.protocol',
      'video_devices.stream_url',
    ])
    .where('video_channels.id', '=', channelId)
    .where(visibleSpaces(auth))
    .executeTakeFirst();
  if (!channel) throw new AppError(ErrorCode.videoNotFound);
  return channel;
}

export type VisibleChannel = Awaited<ReturnType<typeof findVisibleChannel>>;
