import { z } from 'zod';
import { defineEndpoint, signedIn } from '../http/endpoint.js';

/** 0 publishing (the shell shows it), 1 unpublished, 2 invalid (final). */
export const NoticeStatus = { publishing: 0, unpublished: 1, invalid: 2 } as const;
export type NoticeStatusValue = (typeof NoticeStatus)[keyof typeof NoticeStatus];

/** 0 maintenance, 1 upgrade. */
export const NoticeType = { maintenance: 0, upgrade: 1 } as const;
export type NoticeTypeValue = (typeof NoticeType)[keyof typeof NoticeType];

/** `YYYY-MM-DD-HH-mm-ss`, read as UTC. */
const NOTICE_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})-(\d{2})-(\d{2})-(\d{2})$/;

export const noticeDate = z
  .string()
  .regex(NOTICE_DATE_PATTERN, 'validation.date')
  .transform((value, ctx) => {
    const [, year, month, day, hour, minute, second] = NOTICE_DATE_PATTERN.exec(value) ?? [];
    const iso = `${year}-${month}-${day}T${hour}:${minute}:${second}`;
    const date = new Date(`${iso}Z`);
    // Rejects impossible dates such as 02-31, which Date would roll over silently.
    if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 19) !== iso) {
      ctx.addIssue({ code: 'custom', message: 'validation.date' });
      return z.NEVER;
    }
    return date;
  });

export const noticeSuggest = z.object({ zhSuggest: z.string(), enSuggest: z.string() });

export const notice = z.object({
  id: z.number().int(),
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  type: z.union([z.literal(0), z.literal(1)]),
  scope: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  effectiveTime: z.string(),
  zhDesc: z.string(),
  enDesc: z.string(),
  zhDuration: z.string(),
  enDuration: z.string(),
  suggests: z.array(noticeSuggest),
});
export type Notice = z.infer<typeof notice>;

export const viewNotice = defineEndpoint({
  method: 'GET',
  path: '/api/v1/notice/view',
  summary:
    'The publishing notice in effect at `date` (UTC, YYYY-MM-DD-HH-mm-ss) for `scope`: effective time <= date <= end time; null when none',
  tag: 'notice',
  access: signedIn,
  query: z.object({
    date: noticeDate,
    scope: z.string().trim().min(1, 'validation.required').max(20, 'validation.maxLength'),
  }),
  data: notice.nullable(),
});
