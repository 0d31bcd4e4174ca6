import { NoticeType, type Notice } from '@solar/contract';
import type { TFunction } from 'i18next';
import { readerMoment } from '../../shared/format/formatters';

export type NoticeLanguage = 'zh' | 'en';

/** Notices carry Chinese and English only: Chinese for zh_CN, English for everyone else. */
export function noticeLanguageFor(locale: string): NoticeLanguage {
  return locale === 'zh_CN' ? 'zh' : 'en';
}

const TYPE_WORDS: Record<NoticeLanguage, Record<0 | 1, string>> = {
  zh: { 0: '维护', 1: '升级' },
  en: { 0: 'maintenance', 1: 'upgrade' },
};

export interface NoticeText {
  description: string;
  suggestions: string[];
  duration: string;
  timeRange: string;
}

/** A notice time (UTC ISO from the server) in the user's local time. */
export function formatNoticeTime(isoTime: string): string {
  return readerMoment(isoTime);
}

const isUpgrade = (notice: Notice): boolean => notice.type === NoticeType.upgrade;

/**
 * The modal title in the UI language, type word included: the notice itself carries only
 * Chinese and English, which would leave an English word in the other locales' titles.
 */
export function noticeTitle(notice: Notice, t: TFunction): string {
  const type = isUpgrade(notice) ? t('common:notice.upgrade') : t('common:notice.maintenance');
  return t('common:notice.title', { type });
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\$?\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

/**
 * The notice body in its own language (Chinese or English), its placeholders filled: time,
 * type, suggests, duration. Times are shown in the user's local time.
 */
export function noticeText(notice: Notice, language: NoticeLanguage): NoticeText {
  const suggestions = notice.suggests.map((s) => (language === 'zh' ? s.zhSuggest : s.enSuggest));
  const duration = language === 'zh' ? notice.zhDuration : notice.enDuration;
  const startTime = formatNoticeTime(notice.startTime);
  const endTime = formatNoticeTime(notice.endTime);
  const timeRange = `${startTime} ~ ${endTime}`;
  const values = {
    time: timeRange,
    startTime,
    endTime,
    type: TYPE_WORDS[language][isUpgrade(notice) ? 1 : 0],
    suggests: suggestions.join(language === 'zh' ? '；' : '; '),
    duration,
  };
  const template = language === 'zh' ? notice.zhDesc : notice.enDesc;
  return { description: fill(template, values), suggestions, duration, timeRange };
}

/** The notice query's date: `YYYY-MM-DD-HH-mm-ss` in UTC. */
export function noticeQueryDate(now: Date): string {
  const pad = (value: number): string => String(value).padStart(2, '0');
  return [
    now.getUTCFullYear(),
    pad(now.getUTCMonth() + 1),
    pad(now.getUTCDate()),
    pad(now.getUTCHours()),
    pad(now.getUTCMinutes()),
    pad(now.getUTCSeconds()),
  ].join('-');
}
