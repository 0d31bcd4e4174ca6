import { Empty, Select, Space, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useHeldPermissions } from '../../../shared/permissions/PermissionContext';
import { chooseCompany, useChosenCompany } from '../../../shared/session/company-context';
import { useCompanyChoices } from '../api';

/**
 * The company pages read their data under these paths; a new choice of company reloads them and
 * nothing else (the shell's profile, permissions and notice stay as they are).
 */
const COMPANY_PATH = '/api/v1/company';

function isCompanyQuery(query: { queryKey: readonly unknown[] }): boolean {
  const path = query.queryKey[1];
  return path === COMPANY_PATH || (typeof path === 'string' && path.startsWith(`${COMPANY_PATH}/`));
}

/** The picker of the company a platform administrator works in. */
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
          void queryClient.resetQueries({ predicate: isCompanyQuery });
        }}
      />
    </Space>
  );
}

/**
 * The company pages for a platform administrator, who belongs to no company: first a choice of
 * company, then the page in that company's context with the picker above it. Anyone else sees
 * the page of their own company unchanged.
 */
export function CompanyContextGate(props: { children: ReactNode }): ReactNode {
  const { t } = useTranslation('company');
  const isPlatformAdministrator = useHeldPermissions().has('sys.company.manage');
  const chosen = useChosenCompany();
  if (!isPlatformAdministrator) return props.children;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <CompanyPicker />
      {chosen === null ? <Empty description={t('context.prompt')} /> : props.children}
    </Space>
  );
}
