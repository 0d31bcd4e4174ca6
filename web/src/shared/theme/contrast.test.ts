import { describe, expect, it } from 'vitest';
import { contrastRatio, labelColorOn, readableShade } from './contrast';

describe('readableShade', () => {
  it('darkens the default orange until white text on it reaches 4.5:1', () => {
    const shade = readableShade('#E85C0B');
    expect(contrastRatio('#E85C0B', '#ffffff')).toBeLessThan(4.5);
    expect(contrastRatio(shade, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(shade).not.toBe('#E85C0B');
  });

  it('keeps colours that already read well', () => {
    expect(readableShade('#1F3A93')).toBe('#1F3A93');
  });

  it('lightens the colour on the dark page until it reads as text there', () => {
    expect(contrastRatio('#C74F0B', '#252527')).toBeLessThan(4.5);
    const shade = readableShade('#E85C0B', '#252527');
    expect(contrastRatio(shade, '#252527')).toBeGreaterThanOrEqual(4.5);
  });
});

describe('labelColorOn', () => {
  it('puts white on a dark shade and black on a light one', () => {
    expect(labelColorOn('#A8430A')).toBe('#FFFFFF');
    expect(labelColorOn('#F5A26B')).toBe('#000000');
  });
});
