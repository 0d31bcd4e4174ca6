import { type Notice, zoneAbbreviation } from '@solar/contract';
import { browserTimeZone } from '../../shared/format/formatters';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../shared/i18n/i18n';
import { loadLocaleResources } from '../../shared/i18n/resources';
import {
  formatNoticeTime,
  noticeLanguageFor,
  noticeQueryDate,
  noticeText,
  noticeTitle,
} from './notice-text';

/** The server sends UTC ISO times; these are 02:00 and 04:00 on 1 May in the test's zone. */
const localStart = new Date(2026, 4, 1, 2, 0).toISOString();
const localEnd = new Date(2026, 4, 1, 4, 0).toISOString();
/** The reader's zone as the times name it (UTC, CEST, …, whichever zone the test runs in). */
const zone = zoneAbbreviation(browserTimeZone(), new Date(localStart));
/** Intl puts a narrow no-break space before AM in some ICU versions; the reader sees a space. */
const spaced = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
const range = `May 1, 2026, 2:00 AM ${zone} ~ May 1, 2026, 4:00 AM ${zone}`;

const notice: Notice = {
  id: 1,
  status: 0,
  type: 1,
  scope: '0',
  startTime: localStart,
  endTime: localEnd,
  effectiveTime: new Date(2026, 3, 30).toISOString(),
  zhDesc: '系统将于{time}进行{type}，预计{duration}。建议：{suggests}',
  enDesc: 'The system will undergo an {type} at {time}, lasting {duration}. Please {suggests}',
  zhDuration: '2小时',
  enDuration: '2 hours',
  suggests: [{ zhSuggest: '提前导出报表', enSuggest: 'export reports beforehand' }],
};

describe('notice text', () => {
  it('fills the placeholders in English, upgrade for type 1', () => {
    expect(spaced(noticeText(notice, 'en').description)).toBe(
      `The system will undergo an upgrade at ${range}, lasting 2 hours. Please export reports beforehand`,
    );
  });

  it('fills them in Chinese, maintenance for type 0', () => {
    expect(spaced(noticeText({ ...notice, type: 0 }, 'zh').description)).toBe(
      `系统将于${range}进行维护，预计2小时。建议：提前导出报表`,
    );
  });

  it('shows the time range in local time with its zone, not as the UTC strings the server sends', () => {
    expect(spaced(noticeText(notice, 'en').timeRange)).toBe(range);
    const newYearsEve = new Date(2026, 11, 31, 23, 59, 59);
    expect(spaced(formatNoticeTime(newYearsEve.toISOString()))).toBe(
      `Dec 31, 2026, 11:59 PM ${zoneAbbreviation(browserTimeZone(), newYearsEve)}`,
    );
  });

  it('uses Chinese only for zh_CN', () => {
    expect(noticeLanguageFor('zh_CN')).toBe('zh');
    expect(noticeLanguageFor('de')).toBe('en');
  });

  it('sends the date as YYYY-MM-DD-HH-mm-ss in UTC', () => {
    expect(noticeQueryDate(new Date('2026-03-04T05:06:07Z'))).toBe('2026-03-04-05-06-07');
  });
});

describe('notice title', () => {
  it('names the type in the UI language, whatever language the notice is in', async () => {
    i18n.addResourceBundle('de', 'common', (await loadLocaleResources('de', ['common'])).common);
    const german = i18n.getFixedT('de');
    expect(noticeTitle({ ...notice, type: 0 }, german)).toBe('Hinweis: Wartung des Systems');
    expect(noticeTitle(notice, german)).toBe('Hinweis: Aktualisierung des Systems');
  });

  it('reads as English in English', () => {
    const english = i18n.getFixedT('en');
    expect(noticeTitle({ ...notice, type: 0 }, english)).toBe('System maintenance notice');
    expect(noticeTitle(notice, english)).toBe('System upgrade notice');
  });
});
