import type { Locale } from '@solar/contract';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it } from 'vitest';
import { loadDayjsLocale } from './dayjs-locale';

afterEach(() => {
  dayjs.locale('en');
});

const DAYJS_NAMES: [Locale, string][] = [
  ['zh_CN', 'zh-cn'],
  ['po', 'pl'],
  ['cz', 'cs'],
  ['el', 'el'],
  ['da', 'da'],
  ['fi', 'fi'],
  ['fr', 'fr'],
  ['de', 'de'],
  ['es', 'es'],
  ['pt', 'pt'],
  ['it', 'it'],
  ['tr', 'tr'],
];

describe('loadDayjsLocale', () => {
  it.each(DAYJS_NAMES)('makes %s dayjs locale %s', async (locale, dayjsName) => {
    await loadDayjsLocale(locale);
    expect(dayjs.locale()).toBe(dayjsName);
  });

  it('formats dates in the language of the page', async () => {
    await loadDayjsLocale('de');
    expect(dayjs('2026-03-04').format('D. MMMM YYYY')).toBe('4. März 2026');
  });

  it('leaves English as it is', async () => {
    await loadDayjsLocale('en');
    expect(dayjs.locale()).toBe('en');
  });
});
