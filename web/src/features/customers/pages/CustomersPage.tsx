import { TeamOutlined } from '@ant-design/icons';
import { listCustomers, type Customer, type EndpointQuery } from '@solar/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../../shared/api/hooks';
import { ListPage } from '../../../shared/list-page/ListPage';
import { useListState } from '../../../shared/list-page/useListState';
import { CompanyContextGate } from '../../company-context/CompanyContextGate';
import { useCustomerTypeOptions, useDeleteCustomer } from '../api';
import { CustomerFormModal } from '../components/CustomerFormModal';
import { readerDate } from '../../../shared/format/formatters';

type CustomerFilters = Partial<Pick<EndpointQuery<typeof listCustomers>, 'search' | 'typeId'>>;

function Customers(): ReactNode {
  const { t } = useTranslation(['customers', 'menu']);
  const list = useListState<CustomerFilters>();
  const types = useCustomerTypeOptions().data ?? [];
  const deleteCustomer = useDeleteCustomer();
  const customers = useApiQuery(listCustomers, {
    query: { page: list.page, size: list.size, ...list.filters },
  });

  return (
    <ListPage<Customer, CustomerFilters>
      title={t('menu:customerList')}
      list={list}
      rows={customers}
      rowKey={(customer) => `${customer.companyId}-${customer.customerId}`}
      columns={[
        { key: 'account', title: t('customers.account'), value: (c) => c.account },
        { key: 'nickname', title: t('customers.nickname'), value: (c) => c.nickname },
        { key: 'type', title: t('customers.type'), value: (c) => c.typeName },
        { key: 'remark', title: t('customers.remark'), value: (c) => c.remark },
        {
          key: 'createdAt',
          title: t('customers.createdAt'),
          value: (c) => readerDate(c.createdAt),
        },
      ]}
      filters={[
        {
          kind: 'select',
          key: 'typeId',
          label: t('customers.type'),
          options: types.map((type) => ({ value: type.id, label: type.name })),
        },
        { kind: 'search', key: 'search', label: t('customers.search') },
      ]}
      toolbar={[
        {
          kind: 'link',
          label: t('menu:agents'),
          permission: 'agent.manage',
          to: '/customer/agents',
          icon: <TeamOutlined />,
        },
        { kind: 'create', label: t('customers.add'), permission: 'customer.create' },
      ]}
      rowActions={[
        { kind: 'edit', permission: 'customer.edit' },
        {
          kind: 'delete',
          permission: 'customer.delete',
          onConfirm: (customer) =>
            deleteCustomer.mutateAsync({
              params: { companyId: customer.companyId, masterId: customer.customerId },
            }),
        },
      ]}
      renderForm={(control, customer) => <CustomerFormModal {...control} customer={customer} />}
    />
  );
}

/** For a platform administrator, in the context of a chosen company. */
export default function CustomersPage(): ReactNode {
  return (
    <CompanyContextGate>
      <Customers />
    </CompanyContextGate>
  );
}
