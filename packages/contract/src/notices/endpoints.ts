import { z } from 'zod';
import { defineEndpoint, pageOf, requires, signedIn } from '../http/endpoint.js';
import * as rules from '../validation/rules.js';

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

/** Management of notices (system management): the lifecycle unpublished → publishing → invalid. */
const noticeText = (max: number) => z.string().trim().max(max, 'validation.maxLength');

export const noticeDraft = z
  .strictObject({
    type: z.union([z.literal(0), z.literal(1)]),
    scope: z.string().trim().min(1, 'validation.required').max(20, 'validation.maxLength'),
    startTime: z.iso.datetime({ offset: true }),
    endTime: z.iso.datetime({ offset: true }),
    effectiveTime: z.iso.datetime({ offset: true }),
    zhDesc: noticeText(1000).min(1, 'validation.required'),
    enDesc: noticeText(1000).min(1, 'validation.required'),
    zhDuration: noticeText(100),
    enDuration: noticeText(100),
    suggests: z
      .array(z.strictObject({ zhSuggest: noticeText(300), enSuggest: noticeText(300) }))
      .max(10, 'validation.maxLength'),
  })
  .superRefine((draft, ctx) => {
    const start = Date.parse(draft.startTime);
    if (start >= Date.parse(draft.endTime)) {
      ctx.addIssue({ code: 'custom', message: 'validation.startBeforeEnd', path: ['endTime'] });
    }
    if (Date.parse(draft.effectiveTime) < start) {
      ctx.addIssue({
        code: 'custom',
        message: 'validation.effectiveAfterStart',
        path: ['effectiveTime'],
      });
    }
  });
export type NoticeDraft = z.input<typeof noticeDraft>;

export const listNotices = defineEndpoint({
  method: 'GET',
  path: '/api/v1/notices',
  summary: 'Every notice, newest first, optionally of one status',
  tag: 'notice',
  access: requires('sys.notice.manage'),
  query: z.object({
    ...rules.paging,
    status: rules.integer({ min: 0, max: 2 }).optional(),
  }),
  data: pageOf(notice),
});

export const createNotice = defineEndpoint({
  method: 'POST',
  path: '/api/v1/notice',
  summary: 'Create an unpublished notice',
  tag: 'notice',
  access: requires('sys.notice.edit'),
  encoding: 'json',
  body: noticeDraft,
  data: notice,
});

export const updateNotice = defineEndpoint({
  method: 'POST',
  path: '/api/v1/notice/:id',
  summary: 'Edit a notice that is not invalid (an invalid notice is final: code 2)',
  tag: 'notice',
  access: requires('sys.notice.edit'),
  encoding: 'json',
  params: z.object({ id: rules.id }),
  body: noticeDraft,
  data: notice,
});

export const publishNotice = defineEndpoint({
  method: 'POST',
  path: '/api/v1/notice/:id/publish',
  summary: 'Publish an unpublished notice (status 1 → 0); the shell shows it in its window',
  tag: 'notice',
  access: requires('sys.notice.edit'),
  params: z.object({ id: rules.id }),
  data: notice,
});

export const invalidateNotice = defineEndpoint({
  method: 'POST',
  path: '/api/v1/notice/:id/invalidate',
  summary: 'Set a notice invalid (status 2); final, it can be neither edited nor published',
  tag: 'notice',
  access: requires('sys.notice.edit'),
  params: z.object({ id: rules.id }),
  data: notice,
});
