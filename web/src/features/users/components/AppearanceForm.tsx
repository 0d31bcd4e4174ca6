import { App, ColorPicker, Form, Switch } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useTheme } from '../../../shared/theme/ThemeContext';
import type { ThemeSettings } from '../../../shared/theme/theme-settings';
import { SubmitButton } from '../../../shared/ui/SubmitButton';
import { useSetPersonalization } from '../api';

/**
 * Theme colour and dark mode: previewed at once, stored on save, and put back as they were
 * when the user leaves without saving. Only what the user changed is sent, so an untouched
 * colour keeps following the company's.
 */
export function AppearanceForm(): ReactNode {
  const { t } = useTranslation('account');
  const { message } = App.useApp();
  const theme = useTheme();
  const setPersonalization = useSetPersonalization();
  const { setTheme } = theme;
  const [changes, setChanges] = useState<Partial<ThemeSettings>>({});
  const saved = useRef<ThemeSettings>({ themeColor: theme.themeColor, styleType: theme.styleType });
  const hasUnsaved = useRef(false);

  useEffect(
    () => () => {
      if (hasUnsaved.current) setTheme(saved.current);
    },
    [setTheme],
  );

  const preview = (change: Partial<ThemeSettings>): void => {
    setChanges((current) => ({ ...current, ...change }));
    hasUnsaved.current = true;
    setTheme(change);
  };

  const save = async (): Promise<void> => {
    const stored = await setPersonalization.mutateAsync({ body: changes, loading: true });
    saved.current = { themeColor: stored.themeColor, styleType: stored.styleType };
    hasUnsaved.current = false;
    setChanges({});
    setTheme(saved.current);
    void message.success(t('saved'));
  };

  return (
    <Form layout="vertical" style={{ maxWidth: 480 }}>
      <Form.Item label={t('appearance.themeColor')}>
        <ColorPicker
          value={theme.themeColor}
          disabledAlpha
          showText
          onChangeComplete={(color) =>
            preview({ themeColor: color.toHexString().toUpperCase().slice(0, 7) })
          }
        />
      </Form.Item>
      <Form.Item label={t('appearance.darkMode')}>
        <Switch
          checked={theme.styleType === 1}
          data-testid="dark-mode-switch"
          onChange={(isDark) => preview({ styleType: isDark ? 1 : 0 })}
        />
      </Form.Item>
      <SubmitButton type="primary" onClick={() => void save().catch(() => null)}>
        {t('save')}
      </SubmitButton>
    </Form>
  );
}
