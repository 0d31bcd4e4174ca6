import { afterEach, describe, expect, it } from 'vitest';
import { currentLocale, setActiveLocale } from '../i18n/locale';
import { durationText, minutesText } from './duration';

const initial = currentLocale();
afterEach(() => setActiveLocale(initial));

describe('minutesText', () => {
  it.each([
    [0, '0 min'],
    [44.6, '45 min'],
    [125, '2 hr 5 min'],
    [1440 + 185, '1 day 3 hr'],
  ])('gives %d minutes as the two largest units: %s', (minutes, text) => {
    setActiveLocale('en');
    expect(minutesText(minutes)).toBe(text);
  });

  it("speaks the user's language", () => {
    setActiveLocale('de');
    // The list's separator is ICU's, which changes between releases.
    expect(minutesText(125)).toMatch(/^2 Std\.,? 5 Min\.$/);
  });
});

describe('durationText', () => {
  it('measures an event still running up to now, in whole minutes', () => {
    setActiveLocale('en');
    const now = Date.parse('2026-12-02T14:05:59Z');
    expect(durationText('2026-12-02T12:00:00Z', null, now)).toBe('2 hr 5 min');
    expect(durationText('2026-12-02T12:00:00Z', '2026-12-02T12:03:00Z', now)).toBe('3 min');
  });
});
