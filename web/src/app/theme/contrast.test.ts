import { describe, expect, it } from 'vitest';
import { contrastRatio, readableShade } from './contrast';

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
});
