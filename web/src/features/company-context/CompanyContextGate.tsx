import { Empty, Select, Space, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isCompanyScopedQuery } from '../../shared/api/hooks';
import { useHeldPermissions } from '../../shared/permissions/PermissionContext';
import { chooseCompany, useChosenCompany } from '../../shared/session/company-context';
import { useCompanyChoices } from './api';

/**
 * The picker of the company a platform administrator works in. A new choice reloads what the
 * company-scoped endpoints answered and nothing else (the shell's profile, permissions and
 * notice stay as they are).
 */
export function CompanyPicker(): ReactNode {
  const { t } = useTranslation('company');
  const queryClient = useQueryClient();
  const chosen = useChosenCompany();
  const choices = useCompanyChoices().data ?? [];
  return (
    <Space>
      <Typography.Text>{t('context.label')}</Typography.Text>
      <Select<number>
        showSearch
        optionFilterProp="label"
        aria-label={t('context.label')}
        placeholder={t('context.choose')}
        value={chosen ?? undefined}
        style={{ minWidth: 240 }}
        options={choices.map((company) => ({ value: company.id, label: company.name }))}
        onChange={(companyId) => {
          chooseCompany(companyId);
          void queryClient.resetQueries({ predicate: isCompanyScopedQuery });
        }}
      />
    </Space>
  );
}

/**
 * The company pages (information, members, roles, customers, customer types, agents) for a
 * platform administrator, who belongs to no company: first a choice of company, then the page
 * in that company's context with the picker above it; the choice holds for all of them. Anyone
 * else sees the page of their own company unchanged.
 */
export function CompanyContextGate(props: { children: ReactNode }): ReactNode {
  const { t } = useTranslation('company');
  const isPlatformAdministrator = useHeldPermissions().has('sys.company.manage');
  const chosen = useChosenCompany();
  if (!isPlatformAdministrator) return props.children;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <CompanyPicker />
      {chosen === null ? <Empty description={t('context.prompt')} /> : props.children}
    </Space>
  );
}
