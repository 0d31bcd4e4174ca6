import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../shared/permissions/Permit';
import { PageCard } from '../../../shared/ui/PageCard';
import { WebhooksCard } from '../WebhooksCard';

/** /enterprise/webhooks: the company's webhooks, managed with `company.webhook.manage`. */
export default function CompanyWebhooksPage(): ReactNode {
  const { t } = useTranslation('menu');
  const canManage = usePermission('company.webhook.manage');
  return (
    <PageCard title={t('companyWebhooks')}>
      <WebhooksCard scope="company" canManage={canManage} />
    </PageCard>
  );
}
