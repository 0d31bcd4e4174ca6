import type { Notice } from '@solar/contract';
import { describe, expect, it } from 'vitest';
import { noticeLanguageFor, noticeQueryDate, noticeText } from './notice-text';

const notice: Notice = {
  id: 1,
  status: 0,
  type: 1,
  scope: '0',
  startTime: '2026-05-01 02:00',
  endTime: '2026-05-01 04:00',
  effectiveTime: '2026-04-30 00:00',
  zhDesc: '系统将于{time}进行{type}，预计{duration}。建议：{suggests}',
  enDesc: 'The system will undergo an {type} at {time}, lasting {duration}. Please {suggests}',
  zhDuration: '2小时',
  enDuration: '2 hours',
  suggests: [{ zhSuggest: '提前导出报表', enSuggest: 'export reports beforehand' }],
};

describe('notice text', () => {
  it('fills the placeholders in English, upgrade for type 1', () => {
    expect(noticeText(notice, 'en').description).toBe(
      'The system will undergo an upgrade at 2026-05-01 02:00 ~ 2026-05-01 04:00, lasting 2 hours. Please export reports beforehand',
    );
  });

  it('fills them in Chinese, maintenance for type 0', () => {
    expect(noticeText({ ...notice, type: 0 }, 'zh').description).toBe(
      '系统将于2026-05-01 02:00 ~ 2026-05-01 04:00进行维护，预计2小时。建议：提前导出报表',
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
