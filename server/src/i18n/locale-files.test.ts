import { ALL_ERROR_CODES, LOCALES } from '@solar/contract';
import { describe, expect, it } from 'vitest';
import { errorMessage } from './error-messages.js';
import { localeFile } from './locale-files.js';

// The web's locale test keeps every locale's keys equal to English's; this keeps English's
// error texts equal to the catalogue, which no type checks since the texts left TypeScript.
describe('the error texts', () => {
  it('name every catalogue code, and nothing else', () => {
    const keys = Object.keys(localeFile('en', 'errors')).map(Number);
    expect(keys.sort((a, b) => a - b)).toEqual([...ALL_ERROR_CODES].sort((a, b) => a - b));
  });

  it('are read from each locale’s file', () => {
    const texts = new Set(LOCALES.map((locale) => errorMessage(700, locale)));
    expect(texts.size).toBeGreaterThan(10);
    expect(errorMessage(700, 'de')).not.toBe(errorMessage(700, 'en'));
  });
});
