import { ConfigProvider, theme } from 'antd';
import type { Locale as AntdLocale } from 'antd/es/locale';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useKnownBrand } from '../../features/brands/current-brand';
import { usePrefersReducedMotion } from '../../shared/ui/reduced-motion';
import { primaryColorFor } from './primary-color';
import { ThemeContext, type ThemeControl } from '../../shared/theme/ThemeContext';
import {
  applyCssVariables,
  BACKGROUND_BY_STYLE,
  DEFAULT_THEME_COLOR,
  storedStyleType,
  storeStyleType,
  type ThemeSettings,
} from '../../shared/theme/theme-settings';

export function ThemeProvider(props: { antdLocale?: AntdLocale; children: ReactNode }): ReactNode {
  const [settings, setSettings] = useState<ThemeSettings>(() => ({
    themeColor: DEFAULT_THEME_COLOR,
    styleType: storedStyleType(),
  }));

  const brand = useKnownBrand();
  // A brand's colour stands in for the portal's default, never for a colour the user chose.
  const themeColor =
    brand && settings.themeColor === DEFAULT_THEME_COLOR ? brand.primaryColor : settings.themeColor;
  const effective = useMemo(() => ({ ...settings, themeColor }), [settings, themeColor]);

  useEffect(() => applyCssVariables(effective), [effective]);

  const setTheme = useCallback((next: Partial<ThemeSettings>) => {
    if (next.styleType !== undefined) storeStyleType(next.styleType);
    setSettings((current) => ({ ...current, ...next }));
  }, []);

  const isMotionReduced = usePrefersReducedMotion();
  const control = useMemo<ThemeControl>(() => ({ ...settings, setTheme }), [settings, setTheme]);
  const isDark = settings.styleType === 1;
  const background = BACKGROUND_BY_STYLE[settings.styleType];
  // antd's default secondary text (45% alpha) falls below 4.5:1 on both pages.
  const secondaryText = isDark ? 'rgba(255, 255, 255, 0.65)' : 'rgba(0, 0, 0, 0.62)';
  const primary = useMemo(
    () => primaryColorFor(themeColor || DEFAULT_THEME_COLOR, settings.styleType),
    [themeColor, settings.styleType],
  );

  return (
    <ThemeContext value={control}>
      <ConfigProvider
        locale={props.antdLocale}
        theme={{
          algorithm: isDark ? theme.darkAlgorithm : theme.defaultAlgorithm,
          token: {
            colorPrimary: primary.seed,
            colorLink: primary.seed,
            colorError: '#CF1322',
            colorBgLayout: isDark ? '#1c1c1e' : '#f5f6f8',
            colorBgContainer: background,
            colorTextDescription: secondaryText,
            // Dialogs, menus and drawers open and close at once for a reader who asks for less motion.
            motion: !isMotionReduced,
          },
          components: {
            Button: { primaryColor: primary.label },
            // Description labels use antd's tertiary text (45%): unreadable on the dark page.
            Descriptions: { labelColor: secondaryText },
          },
        }}
      >
        {props.children}
      </ConfigProvider>
    </ThemeContext>
  );
}
