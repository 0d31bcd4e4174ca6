import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppRoute } from '../../shared/routing/route-types';

/** The page title comes from the route's title (section 2). */
export function useDocumentTitle(route: AppRoute | undefined): void {
  const { t } = useTranslation(['menu', 'common']);
  const title = route ? t(route.titleKey, { ns: 'menu' }) : '';
  const appName = t('appName', { ns: 'common' });
  useEffect(() => {
    document.title = title ? `${title} - ${appName}` : appName;
  }, [title, appName]);
}
