import { describe, expect, it } from 'vitest';
import { countriesInLanguage } from './RegionCascader';

const countries = [
  { value: 'DE', label: 'Germany', isLeaf: false },
  { value: 'AT', label: 'Austria', isLeaf: false },
  { value: 'XK', label: 'Kosovo', isLeaf: false },
];

describe('countriesInLanguage', () => {
  it('names the countries in the reader’s language, in its alphabetical order', () => {
    expect(countriesInLanguage(countries, 'de').map((country) => country.label)).toEqual([
      'Deutschland',
      'Kosovo',
      'Österreich',
    ]);
    expect(countriesInLanguage(countries, 'zh-CN').find((c) => c.value === 'DE')?.label).toBe(
      '德国',
    );
  });

  it('keeps the dictionary’s English name where the language has none', () => {
    const unknown = [{ value: 'QM', label: 'Private use', isLeaf: false }];
    expect(countriesInLanguage(unknown, 'fr')).toEqual(unknown);
  });
});
