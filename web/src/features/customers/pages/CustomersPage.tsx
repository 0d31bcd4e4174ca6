import { PlusOutlined, TeamOutlined } from '@ant-design/icons';
import { deleteCustomer, listCustomers, type Customer } from '@solar/contract';
import { Button, Input, Select, Space, Table, type TableProps } from 'antd';
import dayjs from 'dayjs';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { apiCall } from '../../../shared/api/client';
import { useApiQuery } from '../../../shared/api/hooks';
import { Permit } from '../../../shared/permissions/Permit';
import { EditDeleteActions } from '../../../shared/table/EditDeleteActions';
import { usePaging } from '../../../shared/table/usePaging';
import { PageCard } from '../../../shared/ui/PageCard';
import { useCustomersRefresh, useCustomerTypeOptions } from '../api';
import { CustomerFormModal } from '../components/CustomerFormModal';

type Editing = { customer: Customer | undefined } | null;

export default function CustomersPage(): ReactNode {
  const { t } = useTranslation(['customers', 'menu', 'common']);
  const [search, setSearch] = useState('');
  const [typeId, setTypeId] = useState<number>();
  const [editing, setEditing] = useState<Editing>(null);
  const paging = usePaging();
  const refresh = useCustomersRefresh();
  const types = useCustomerTypeOptions().data ?? [];
  const customers = useApiQuery(listCustomers, {
    query: { page: paging.page, size: paging.size, search: search || undefined, typeId },
  });

  const columns: TableProps<Customer>['columns'] = [
    { title: t('customers.account'), dataIndex: 'account' },
    { title: t('customers.nickname'), dataIndex: 'nickname' },
    { title: t('customers.type'), dataIndex: 'typeName' },
    { title: t('customers.remark'), dataIndex: 'remark' },
    { title: t('customers.createdAt'), render: (_, c) => dayjs(c.createdAt).format('YYYY-MM-DD') },
    {
      title: t('common:actions.title'),
      render: (_, customer) => (
        <EditDeleteActions
          editPermission="customer.edit"
          deletePermission="customer.delete"
          onEdit={() => setEditing({ customer })}
          onDelete={() =>
            apiCall(deleteCustomer, {
              params: { companyId: customer.companyId, masterId: customer.customerId },
            }).then(refresh)
          }
        />
      ),
    },
  ];

  return (
    <PageCard
      title={t('menu:customerList')}
      extra={
        <Space wrap>
          <Select
            allowClear
            style={{ minWidth: 140 }}
            placeholder={t('customers.type')}
            aria-label={t('customers.type')}
            options={types.map((type) => ({ value: type.id, label: type.name }))}
            onChange={(value: number | undefined) => {
              setTypeId(value);
              paging.setPage(1);
            }}
          />
          <Input.Search
            allowClear
            placeholder={t('customers.search')}
            aria-label={t('customers.search')}
            onSearch={(value) => {
              setSearch(value.trim());
              paging.setPage(1);
            }}
          />
          <Permit permission="agent.manage">
            <Link to="/customer/agents">
              <Button icon={<TeamOutlined />}>{t('menu:agents')}</Button>
            </Link>
          </Permit>
          <Permit permission="customer.create">
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setEditing({ customer: undefined })}
            >
              {t('customers.add')}
            </Button>
          </Permit>
        </Space>
      }
    >
      <Table<Customer>
        rowKey={(customer) => `${customer.companyId}-${customer.customerId}`}
        columns={columns}
        dataSource={customers.data?.infos ?? []}
        loading={customers.isPending}
        pagination={paging.paginationFor(customers.data?.total)}
        scroll={{ x: 'max-content' }}
      />
      <CustomerFormModal
        open={editing !== null}
        customer={editing?.customer}
        onClose={(isSaved) => {
          setEditing(null);
          if (isSaved) void refresh();
        }}
      />
    </PageCard>
  );
}
