import { readText, writeText } from '../storage/storage';
import { readableShade } from './contrast';

export type StyleType = 0 | 1;

export const DEFAULT_THEME_COLOR = '#E85C0B';
export const MENU_FALLBACK_COLOR = '#00cc00';
export const BACKGROUND_BY_STYLE: Record<StyleType, string> = { 0: '#ffffff', 1: '#252527' };

export interface ThemeSettings {
  themeColor: string;
  styleType: StyleType;
}

export function storedStyleType(): StyleType {
  return readText('styleType') === '1' ? 1 : 0;
}

export function storeStyleType(styleType: StyleType): void {
  writeText('styleType', String(styleType));
}

/** The section 1 look as CSS variables, for anything outside antd's tokens. */
export function applyCssVariables(
  settings: ThemeSettings,
  root: HTMLElement = document.documentElement,
): void {
  const isDark = settings.styleType === 1;
  root.style.setProperty('--theme-color', settings.themeColor || DEFAULT_THEME_COLOR);
  // Selected menu items carry white text, so they use the readable shade of the colour.
  root.style.setProperty('--menu-color', readableShade(settings.themeColor || MENU_FALLBACK_COLOR));
  const background = BACKGROUND_BY_STYLE[settings.styleType];
  root.style.setProperty(
    '--link-color',
    readableShade(settings.themeColor || DEFAULT_THEME_COLOR, background),
  );
  root.style.setProperty('--page-background', background);
  root.style.setProperty('--text-color', isDark ? '#e6e6e6' : '#1f1f1f');
  root.style.setProperty('--grey-color', isDark ? '#a6a6a6' : '#595959');
  root.style.setProperty('--line-color', isDark ? '#3a3a3d' : '#f0f0f0');
  root.dataset.styleType = String(settings.styleType);
}
