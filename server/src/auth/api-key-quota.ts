import { sql } from 'kysely';
import type { Db } from '../db/database.js';

export type QuotaWindow = 'minute' | 'day';

const WINDOW_SECONDS: Readonly<Record<QuotaWindow, number>> = { minute: 60, day: 86_400 };

export type QuotaLimits = Readonly<Record<QuotaWindow, number>>;

export interface WindowUsage {
  window: QuotaWindow;
  limit: number;
  calls: number;
  /** Seconds until the window starts again. */
  resetSeconds: number;
}

/** The row of one window, raised by one call (a row of a passed window starts again at 1). */
const raiseWindow = sql`
  ON CONFLICT (api_key_id, window_kind) DO UPDATE SET
    calls = CASE WHEN usage.window_start = EXCLUDED.window_start THEN usage.calls + 1 ELSE 1 END,
    window_start = EXCLUDED.window_start
  RETURNING window_kind, calls, window_start`;

/**
 * Counts one call in the key's current minute and day (UTC) and answers both windows' counts.
 * One statement raises the rows under their row locks, so parallel calls of any process count
 * exactly. The day is raised only by a call the minute lets through: a client hammering a full
 * minute does not use up its day. When it was not raised, the day's count is answered as it is.
 */
export async function countCall(db: Db, apiKeyId: number, limits: QuotaLimits) {
  const { rows } = await sql<{ window_kind: QuotaWindow; calls: number; reset_seconds: number }>`
    WITH minute AS (
      INSERT INTO api_key_usage AS usage (api_key_id, window_kind, window_start, calls)
      VALUES (${apiKeyId}, 'minute',
        date_trunc('minute', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', 1)
      ${raiseWindow}
    ), day AS (
      INSERT INTO api_key_usage AS usage (api_key_id, window_kind, window_start, calls)
      SELECT ${apiKeyId}, 'day', date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', 1
      FROM minute WHERE minute.calls <= ${limits.minute}
      ${raiseWindow}
    ), windows AS (
      SELECT * FROM minute
      UNION ALL SELECT * FROM day
      UNION ALL
      SELECT 'day', CASE WHEN window_start = today.start THEN calls ELSE 0 END, today.start
      FROM api_key_usage,
        LATERAL (SELECT date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS start) today
      WHERE api_key_id = ${apiKeyId} AND window_kind = 'day' AND NOT EXISTS (SELECT FROM day)
    )
    SELECT
      window_kind,
      calls,
      ceil(extract(epoch FROM window_start
        + CASE window_kind WHEN 'minute' THEN interval '1 minute' ELSE interval '1 day' END
        - now()))::integer AS reset_seconds
    FROM windows
  `.execute(db);
  return rows.map((row): WindowUsage => ({
    window: row.window_kind,
    limit: limits[row.window_kind],
    calls: row.calls,
    resetSeconds: Math.max(1, row.reset_seconds),
  }));
}

export function isOverQuota(usage: readonly WindowUsage[]): boolean {
  return usage.some((window) => window.calls > window.limit);
}

/**
 * The IETF rate-limit fields (draft-ietf-httpapi-ratelimit-headers, structured form): the
 * policies of both windows, and the remaining calls and reset of each. `Retry-After` on a
 * refusal names the longest wait among the exhausted windows.
 */
export function rateLimitHeaders(usage: readonly WindowUsage[]): Record<string, string> {
  const policy = usage.map((w) => `"${w.window}";q=${w.limit};w=${WINDOW_SECONDS[w.window]}`);
  const state = usage.map(
    (w) => `"${w.window}";r=${Math.max(0, w.limit - w.calls)};t=${w.resetSeconds}`,
  );
  const headers: Record<string, string> = {
    'ratelimit-policy': policy.join(', '),
    ratelimit: state.join(', '),
  };
  const exhausted = usage.filter((w) => w.calls > w.limit);
  if (exhausted.length > 0) {
    headers['retry-after'] = String(Math.max(...exhausted.map((w) => w.resetSeconds)));
  }
  return headers;
}

/** Over a key's budget: the error handler answers HTTP 429 with the rate-limit code (109). */
export class QuotaExceededError extends Error {
  readonly statusCode = 429;
  constructor() {
    super('API key quota exceeded');
  }
}
