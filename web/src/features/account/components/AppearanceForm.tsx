import { setPersonalization } from '@solar/contract';
import { App, ColorPicker, Form, Switch } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useTheme } from '../../../app/theme/ThemeContext';
import type { StyleType } from '../../../app/theme/theme-settings';
import { apiCall } from '../../../shared/api/client';
import { SubmitButton } from '../../../shared/ui/SubmitButton';

/** Theme colour and dark mode; previewed at once, stored on save. */
export function AppearanceForm(): ReactNode {
  const { t } = useTranslation('account');
  const { message } = App.useApp();
  const theme = useTheme();
  const [themeColor, setThemeColor] = useState(theme.themeColor);
  const [styleType, setStyleType] = useState<StyleType>(theme.styleType);

  const save = async (): Promise<void> => {
    const saved = await apiCall(setPersonalization, {
      body: { themeColor, styleType },
      loading: true,
    });
    theme.setTheme({ themeColor: saved.themeColor, styleType: saved.styleType });
    void message.success(t('saved'));
  };

  return (
    <Form layout="vertical" style={{ maxWidth: 480 }}>
      <Form.Item label={t('appearance.themeColor')}>
        <ColorPicker
          value={themeColor}
          disabledAlpha
          showText
          onChangeComplete={(color) => {
            const hex = color.toHexString().toUpperCase().slice(0, 7);
            setThemeColor(hex);
            theme.setTheme({ themeColor: hex });
          }}
        />
      </Form.Item>
      <Form.Item label={t('appearance.darkMode')}>
        <Switch
          checked={styleType === 1}
          data-testid="dark-mode-switch"
          onChange={(isDark) => {
            const next: StyleType = isDark ? 1 : 0;
            setStyleType(next);
            theme.setTheme({ styleType: next });
          }}
        />
      </Form.Item>
      <SubmitButton type="primary" onClick={() => void save().catch(() => null)}>
        {t('save')}
      </SubmitButton>
    </Form>
  );
}
