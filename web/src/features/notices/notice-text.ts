import { NoticeType, type Notice } from '@solar/contract';

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
  typeWord: string;
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\$?\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

/** The notice in one language, its placeholders filled: time, type, suggests, duration. */
export function noticeText(notice: Notice, language: NoticeLanguage): NoticeText {
  const suggestions = notice.suggests.map((s) => (language === 'zh' ? s.zhSuggest : s.enSuggest));
  const duration = language === 'zh' ? notice.zhDuration : notice.enDuration;
  const timeRange = `${notice.startTime} ~ ${notice.endTime}`;
  const typeWord = TYPE_WORDS[language][notice.type === NoticeType.upgrade ? 1 : 0];
  const values = {
    time: timeRange,
    startTime: notice.startTime,
    endTime: notice.endTime,
    type: typeWord,
    suggests: suggestions.join(language === 'zh' ? '；' : '; '),
    duration,
  };
  const template = language === 'zh' ? notice.zhDesc : notice.enDesc;
  return { description: fill(template, values), suggestions, duration, timeRange, typeWord };
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
