import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusPage } from '../components/StatusPage';

export default function NotFoundPage(): ReactNode {
  const { t } = useTranslation('public');
  return <StatusPage status="404" description={t('notFound.description')} />;
}
