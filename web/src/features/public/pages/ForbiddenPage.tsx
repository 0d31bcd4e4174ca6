import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusPage } from '../components/StatusPage';

export default function ForbiddenPage(): ReactNode {
  const { t } = useTranslation('public');
  return <StatusPage status="403" description={t('forbidden.description')} />;
}
