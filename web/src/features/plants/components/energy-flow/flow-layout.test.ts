import { describe, expect, it } from 'vitest';
import { labelLines } from './flow-layout';

describe('labelLines', () => {
  it('keeps short names on one line, CJK names and single long words whole', () => {
    expect(labelLines('Home load')).toEqual(['Home load']);
    expect(labelLines('家庭用电')).toEqual(['家庭用电']);
    expect(labelLines('Haushaltsverbrauch')).toEqual(['Haushaltsverbrauch']);
  });

  it('splits a long name at the space nearest its middle', () => {
    expect(labelLines('Consommation maison')).toEqual(['Consommation', 'maison']);
    expect(labelLines('Consumo de la vivienda')).toEqual(['Consumo de', 'la vivienda']);
  });
});
