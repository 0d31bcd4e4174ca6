import { MAX_ROLES_PER_COMPANY, type CompanyRole } from '@solar/contract';
import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../shared/list-page/ListPage';
import { useDeleteRole, useOwnRoleId, useRoles } from '../api';
import { CompanyContextGate } from '../../company-context/CompanyContextGate';
import { RoleFormModal } from '../components/RoleFormModal';

function Roles(): ReactNode {
  const { t } = useTranslation(['roles', 'menu']);
  const roles = useRoles();
  const deleteRole = useDeleteRole();
  const ownRoleId = useOwnRoleId();
  const isFull = (roles.data?.total ?? 0) >= MAX_ROLES_PER_COMPANY;

  return (
    <ListPage<CompanyRole>
      title={t('menu:roles')}
      rows={roles}
      rowKey={(role) => role.id}
      columns={[
        { key: 'name', title: t('name'), value: (role) => role.name },
        { key: 'remark', title: t('remark'), value: (role) => role.remark },
        {
          key: 'permissions',
          title: t('permissionCount'),
          value: (role) => role.permissions.length,
        },
        { key: 'members', title: t('memberCount'), value: (role) => role.memberCount },
      ]}
      toolbar={[
        {
          kind: 'create',
          label: t('add'),
          permission: 'company.role.create',
          disabledReason: isFull ? t('limit', { max: MAX_ROLES_PER_COMPANY }) : undefined,
        },
      ]}
      rowActions={[
        { kind: 'edit', permission: 'company.role.edit' },
        {
          kind: 'delete',
          permission: 'company.role.delete',
          onConfirm: (role) => deleteRole.mutateAsync({ params: { id: role.id } }),
        },
      ]}
      lockedRow={{
        isLocked: (role) => role.id === ownRoleId,
        note: <Typography.Text type="secondary">{t('ownRole')}</Typography.Text>,
      }}
      renderForm={(control, role) => <RoleFormModal {...control} role={role} />}
    />
  );
}

/** For a platform administrator, in the context of a chosen company. */
export default function RolesPage(): ReactNode {
  return (
    <CompanyContextGate>
      <Roles />
    </CompanyContextGate>
  );
}
