import type { ManagedCompany, EndpointQuery, listManagedCompanies } from '@solar/contract';
import { Switch } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../shared/list-page/ListPage';
import { useListState } from '../../../shared/list-page/useListState';
import { Permit } from '../../../shared/permissions/Permit';
import { useManagedCompanies, useSetManagedCompanyEnabled } from '../api';
import { ManagedCompanyFormModal } from '../components/ManagedCompanyFormModal';

type CompanyFilters = Partial<Pick<EndpointQuery<typeof listManagedCompanies>, 'search'>>;

/** Every company, for the platform administrator: counts, creation, editing, disabling. */
export default function ManagedCompaniesPage(): ReactNode {
  const { t } = useTranslation(['company', 'menu']);
  const list = useListState<CompanyFilters>();
  const companies = useManagedCompanies({ page: list.page, size: list.size, ...list.filters });
  const setEnabled = useSetManagedCompanyEnabled();

  const enabledSwitch = (company: ManagedCompany): ReactNode => (
    <Permit
      permission="sys.company.edit"
      fallback={company.isEnabled ? t('members.enabled') : t('members.disabled')}
    >
      <Switch
        size="small"
        checked={company.isEnabled}
        aria-label={t('members.enabled')}
        onChange={(enabled) =>
          void setEnabled
            .mutateAsync({ params: { id: company.id }, body: { enabled: String(enabled) } })
            .catch(() => null)
        }
      />
    </Permit>
  );

  return (
    <ListPage<ManagedCompany, CompanyFilters>
      title={t('menu:managementCompanies')}
      list={list}
      rows={companies}
      rowKey={(company) => company.id}
      columns={[
        { key: 'name', title: t('info.name'), value: (company) => company.name },
        {
          key: 'administrator',
          title: t('members.administrator'),
          value: (company) => company.administratorEmail,
        },
        { key: 'plants', title: t('managed.plants'), value: (company) => company.plantCount },
        { key: 'devices', title: t('managed.devices'), value: (company) => company.deviceCount },
        { key: 'users', title: t('managed.users'), value: (company) => company.userCount },
        { key: 'enabled', title: t('members.enabled'), value: enabledSwitch },
      ]}
      filters={[{ kind: 'search', key: 'search', label: t('managed.search') }]}
      toolbar={[{ kind: 'create', label: t('managed.add'), permission: 'sys.company.edit' }]}
      rowActions={[{ kind: 'edit', permission: 'sys.company.edit' }]}
      renderForm={(control, company) => <ManagedCompanyFormModal {...control} company={company} />}
    />
  );
}
