import type { AppDeps } from '../app-deps.js';

const HOUR = 3_600_000;

/** A notice around `at`: effective an hour before, ending an hour after, unless overridden. */
export async function buildNotice(
  deps: AppDeps,
  options: {
    at: Date;
    scope: string;
    status?: number;
    type?: number;
    effectiveTime?: Date;
    endTime?: Date;
  },
) {
  const effectiveTime = options.effectiveTime ?? new Date(options.at.getTime() - HOUR);
  return deps.db
    .insertInto('notices')
    .values({
      status: options.status ?? 0,
      type: options.type ?? 0,
      scope: options.scope,
      start_time: new Date(effectiveTime.getTime() - HOUR),
      end_time: options.endTime ?? new Date(options.at.getTime() + HOUR),
      effective_time: effectiveTime,
      zh_desc: '系统维护',
      en_desc: 'System maintenance',
      zh_duration: '2小时',
      en_duration: '2 hours',
      suggests: JSON.stringify([
        { zhSuggest: '请提前导出数据', enSuggest: 'Export your data first' },
      ]),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** `YYYY-MM-DD-HH-mm-ss` in UTC, as the shell sends it. */
export function noticeDateParam(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', '-').replaceAll(':', '-');
}
