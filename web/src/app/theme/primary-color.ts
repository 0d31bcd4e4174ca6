import { generate } from '@ant-design/colors';
import { contrastRatio, labelColorOn, shadeTowards } from '../../shared/theme/contrast';
import { BACKGROUND_BY_STYLE, type StyleType } from '../../shared/theme/theme-settings';

const MIN_TEXT_CONTRAST = 4.5;
/** The step of a colour's palette that antd's light and dark algorithms take as colorPrimary. */
const PRIMARY_STEP = 5;

/**
 * The colorPrimary antd derives from a seed: its palette's sixth colour, the light or the dark
 * palette. Read straight from the palette: running antd's whole algorithm (every preset colour's
 * palette) for each try cost the first render tens of milliseconds on a phone.
 */
export function derivedPrimary(seed: string, styleType: StyleType): string {
  return generate(seed, styleType === 1 ? { theme: 'dark' } : {})[PRIMARY_STEP]!;
}

export interface PrimaryColor {
  /** The seed given to antd as colorPrimary and colorLink. */
  seed: string;
  /** The label colour of filled primary buttons. */
  label: string;
}

/**
 * The theme colour adjusted just enough that the colour antd derives from it reads as text on
 * the page (WCAG AA, 4.5:1): darkened on the light page (which also lets white labels on it
 * reach 4.5:1; #E85C0B itself reaches 3.5:1), lightened on the dark page, where antd's dark
 * algorithm also dims the seed. The raw colour stays in the --theme-color variable.
 */
export function primaryColorFor(themeColor: string, styleType: StyleType): PrimaryColor {
  const background = BACKGROUND_BY_STYLE[styleType];
  const derive = (seed: string): string => derivedPrimary(seed, styleType);
  const target = styleType === 1 ? 255 : 0;
  let seed = themeColor;
  for (let step = 0; step < 60; step += 1) {
    if (contrastRatio(derive(seed), background) >= MIN_TEXT_CONTRAST) break;
    seed = shadeTowards(seed, target, 0.03);
  }
  return { seed: seed.toUpperCase(), label: labelColorOn(derive(seed)) };
}
