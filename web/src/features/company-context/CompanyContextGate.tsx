import { Empty, Select, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useHeldPermissions } from '../../shared/permissions/PermissionContext';
import { useCompanyChoices } from './api';
import { useCompanyInUrl } from './useCompanyInUrl';

/** The picker of the company a platform administrator works in. */
function CompanyPicker(props: {
  chosen: number | null;
  onChoose: (companyId: number) => void;
}): ReactNode {
  const { t } = useTranslation('company');
  const choices = useCompanyChoices().data ?? [];
  return (
    <Space>
      <Typography.Text>{t('context.label')}</Typography.Text>
      <Select<number>
        showSearch
        optionFilterProp="label"
        aria-label={t('context.label')}
        placeholder={t('context.choose')}
        value={props.chosen ?? undefined}
        style={{ minWidth: 240 }}
        options={choices.map((company) => ({ value: company.id, label: company.name }))}
        onChange={props.onChoose}
      />
    </Space>
  );
}

function PlatformCompanyGate(props: { children: ReactNode }): ReactNode {
  const { t } = useTranslation('company');
  const { companyId, choose } = useCompanyInUrl();
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <CompanyPicker chosen={companyId} onChoose={choose} />
      {companyId === null ? <Empty description={t('context.prompt')} /> : props.children}
    </Space>
  );
}

/**
 * The company pages (information, members, roles, customers, customer types, agents) for a
 * platform administrator, who belongs to no company: first a choice of company, then the page
 * in that company's context with the picker above it; the choice holds for all of them and
 * survives a reload (`useCompanyInUrl`). Anyone else sees the page of their own company unchanged.
 */
export function CompanyContextGate(props: { children: ReactNode }): ReactNode {
  const isPlatformAdministrator = useHeldPermissions().has('sys.company.manage');
  if (!isPlatformAdministrator) return props.children;
  return <PlatformCompanyGate>{props.children}</PlatformCompanyGate>;
}
