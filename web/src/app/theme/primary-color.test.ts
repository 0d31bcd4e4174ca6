import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { contrastRatio } from '../../shared/theme/contrast';
import { derivedPrimary, primaryColorFor } from './primary-color';

const derived = (seed: string, isDark: boolean): string =>
  (isDark ? theme.darkAlgorithm : theme.defaultAlgorithm)({
    ...theme.defaultSeed,
    colorPrimary: seed,
  }).colorPrimary;

describe('primaryColorFor', () => {
  it('darkens the default orange on the light page: text on white and white labels reach 4.5:1', () => {
    const { seed, label } = primaryColorFor('#E85C0B', 0);
    expect(contrastRatio('#E85C0B', '#ffffff')).toBeLessThan(4.5);
    expect(contrastRatio(derived(seed, false), '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(label).toBe('#FFFFFF');
  });

  it("lightens it on the dark page until antd's dimmed colour reads on #252527", () => {
    expect(contrastRatio(derived('#E85C0B', true), '#252527')).toBeLessThan(4.5);
    const { seed, label } = primaryColorFor('#E85C0B', 1);
    const onPage = derived(seed, true);
    expect(contrastRatio(onPage, '#252527')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(onPage, label)).toBeGreaterThanOrEqual(4.5);
  });

  it("derives the colour antd's own light and dark algorithms derive", () => {
    for (const seed of ['#E85C0B', '#1F3A93', '#52C41A', '#A0D911', '#722ED1']) {
      expect(derivedPrimary(seed, 0)).toBe(derived(seed, false));
      expect(derivedPrimary(seed, 1)).toBe(derived(seed, true));
    }
  });

  it('keeps a colour that already reads well', () => {
    expect(primaryColorFor('#1F3A93', 0).seed).toBe('#1F3A93');
  });
});
