import { App, Button } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { registerServiceWorker } from './service-worker';

/** Registers the service worker and offers to reload when a new version is ready. */
export function useServiceWorker(): void {
  const { t } = useTranslation('common');
  const { notification } = App.useApp();
  useEffect(() => {
    registerServiceWorker((reload) => {
      notification.info({
        key: 'new-version',
        title: t('pwa.newVersion'),
        description: t('pwa.reloadHint'),
        duration: 0,
        actions: (
          <Button type="primary" size="small" onClick={reload}>
            {t('pwa.reload')}
          </Button>
        ) as ReactNode,
      });
    });
  }, [notification, t]);
}
