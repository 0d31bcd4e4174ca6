import { PlusOutlined } from '@ant-design/icons';
import { deleteRole, listRoles, MAX_ROLES_PER_COMPANY, type CompanyRole } from '@solar/contract';
import { Button, Table, Tooltip, Typography, type TableProps } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../../shared/api/client';
import { useApiQuery } from '../../../shared/api/hooks';
import { Permit } from '../../../shared/permissions/Permit';
import { EditDeleteActions } from '../../../shared/table/EditDeleteActions';
import { PageCard } from '../../../shared/ui/PageCard';
import { useOwnRoleId, useRolesRefresh } from '../api';
import { RoleFormModal } from '../components/RoleFormModal';

type Editing = { role: CompanyRole | undefined } | null;

export default function RolesPage(): ReactNode {
  const { t } = useTranslation(['roles', 'menu', 'common']);
  const [editing, setEditing] = useState<Editing>(null);
  const roles = useApiQuery(listRoles, { query: { page: 1, size: 50 } });
  const refresh = useRolesRefresh();
  const ownRoleId = useOwnRoleId();
  const isFull = (roles.data?.total ?? 0) >= MAX_ROLES_PER_COMPANY;

  const columns: TableProps<CompanyRole>['columns'] = [
    { title: t('name'), dataIndex: 'name' },
    { title: t('remark'), dataIndex: 'remark' },
    { title: t('permissionCount'), render: (_, role) => role.permissions.length },
    { title: t('memberCount'), dataIndex: 'memberCount' },
    {
      title: t('common:actions.title'),
      render: (_, role) =>
        role.id === ownRoleId ? (
          <Typography.Text type="secondary">{t('ownRole')}</Typography.Text>
        ) : (
          <EditDeleteActions
            editPermission="company.role.edit"
            deletePermission="company.role.delete"
            onEdit={() => setEditing({ role })}
            onDelete={() => apiCall(deleteRole, { params: { id: role.id } }).then(refresh)}
          />
        ),
    },
  ];

  return (
    <PageCard
      title={t('menu:roles')}
      extra={
        <Permit permission="company.role.create">
          <Tooltip title={isFull ? t('limit', { max: MAX_ROLES_PER_COMPANY }) : undefined}>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              disabled={isFull}
              onClick={() => setEditing({ role: undefined })}
            >
              {t('add')}
            </Button>
          </Tooltip>
        </Permit>
      }
    >
      <Table<CompanyRole>
        rowKey="id"
        columns={columns}
        dataSource={roles.data?.infos ?? []}
        loading={roles.isPending}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
      <RoleFormModal
        open={editing !== null}
        role={editing?.role}
        onClose={(isSaved) => {
          setEditing(null);
          if (isSaved) void refresh();
        }}
      />
    </PageCard>
  );
}
