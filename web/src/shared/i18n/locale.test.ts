import { describe, expect, it } from 'vitest';
import { bcp47Of } from '@solar/contract';
import { detectLocale } from './locale';

describe('detectLocale', () => {
  it('uses the stored language first', () => {
    expect(detectLocale('de', 'zh-CN')).toBe('de');
  });

  it('falls back to the browser: zh → zh_CN, anything else → en', () => {
    expect(detectLocale(null, 'zh-TW')).toBe('zh_CN');
    expect(detectLocale(null, 'fr-FR')).toBe('en');
    expect(detectLocale('klingon', 'en-US')).toBe('en');
  });

  it('defaults to zh_CN without any hint', () => {
    expect(detectLocale(null, '')).toBe('zh_CN');
  });

  it('maps the two non-standard codes to valid html lang tags', () => {
    expect(bcp47Of('po')).toBe('pl');
    expect(bcp47Of('cz')).toBe('cs');
    expect(bcp47Of('zh_CN')).toBe('zh-CN');
  });
});
