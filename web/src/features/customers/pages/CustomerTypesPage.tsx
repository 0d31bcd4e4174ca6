import { PlusOutlined } from '@ant-design/icons';
import { deleteCustomerType, listCustomerTypes, type CustomerType } from '@solar/contract';
import { Button, Table, type TableProps } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../../shared/api/client';
import { useApiQuery } from '../../../shared/api/hooks';
import { Permit } from '../../../shared/permissions/Permit';
import { EditDeleteActions } from '../../../shared/table/EditDeleteActions';
import { usePaging } from '../../../shared/table/usePaging';
import { PageCard } from '../../../shared/ui/PageCard';
import { useCustomersRefresh } from '../api';
import { CustomerTypeFormModal } from '../components/CustomerTypeFormModal';

type Editing = { type: CustomerType | undefined } | null;

export default function CustomerTypesPage(): ReactNode {
  const { t } = useTranslation(['customers', 'menu', 'common']);
  const [editing, setEditing] = useState<Editing>(null);
  const paging = usePaging();
  const refresh = useCustomersRefresh();
  const types = useApiQuery(listCustomerTypes, { query: { page: paging.page, size: paging.size } });

  const columns: TableProps<CustomerType>['columns'] = [
    { title: t('types.name'), dataIndex: 'name' },
    { title: t('types.remark'), dataIndex: 'remark' },
    { title: t('types.customerCount'), dataIndex: 'customerCount' },
    {
      title: t('common:actions.title'),
      render: (_, type) => (
        <EditDeleteActions
          editPermission="customer.type.edit"
          deletePermission="customer.type.delete"
          onEdit={() => setEditing({ type })}
          onDelete={() => apiCall(deleteCustomerType, { params: { id: type.id } }).then(refresh)}
        />
      ),
    },
  ];

  return (
    <PageCard
      title={t('menu:customerTypes')}
      extra={
        <Permit permission="customer.type.create">
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing({ type: undefined })}
          >
            {t('types.add')}
          </Button>
        </Permit>
      }
    >
      <Table<CustomerType>
        rowKey="id"
        columns={columns}
        dataSource={types.data?.infos ?? []}
        loading={types.isPending}
        pagination={paging.paginationFor(types.data?.total)}
        scroll={{ x: 'max-content' }}
      />
      <CustomerTypeFormModal
        open={editing !== null}
        type={editing?.type}
        onClose={(isSaved) => {
          setEditing(null);
          if (isSaved) void refresh();
        }}
      />
    </PageCard>
  );
}
