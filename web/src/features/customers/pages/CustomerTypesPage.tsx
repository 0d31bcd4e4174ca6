import { listCustomerTypes, type CustomerType } from '@solar/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../../shared/api/hooks';
import { ListPage } from '../../../shared/list-page/ListPage';
import { useListState } from '../../../shared/list-page/useListState';
import { CompanyContextGate } from '../../company-context/CompanyContextGate';
import { useDeleteCustomerType } from '../api';
import { CustomerTypeFormModal } from '../components/CustomerTypeFormModal';

function CustomerTypes(): ReactNode {
  const { t } = useTranslation(['customers', 'menu']);
  const list = useListState();
  const deleteType = useDeleteCustomerType();
  const types = useApiQuery(listCustomerTypes, { query: { page: list.page, size: list.size } });

  return (
    <ListPage<CustomerType>
      title={t('menu:customerTypes')}
      list={list}
      rows={types}
      rowKey={(type) => type.id}
      columns={[
        { key: 'name', title: t('types.name'), value: (type) => type.name },
        { key: 'remark', title: t('types.remark'), value: (type) => type.remark },
        { key: 'customers', title: t('types.customerCount'), value: (type) => type.customerCount },
      ]}
      toolbar={[{ kind: 'create', label: t('types.add'), permission: 'customer.type.create' }]}
      rowActions={[
        { kind: 'edit', permission: 'customer.type.edit' },
        {
          kind: 'delete',
          permission: 'customer.type.delete',
          onConfirm: (type) => deleteType.mutateAsync({ params: { id: type.id } }),
        },
      ]}
      renderForm={(control, type) => <CustomerTypeFormModal {...control} type={type} />}
    />
  );
}

/** For a platform administrator, in the context of a chosen company. */
export default function CustomerTypesPage(): ReactNode {
  return (
    <CompanyContextGate>
      <CustomerTypes />
    </CompanyContextGate>
  );
}
