import { deleteCompanyUser, setCompanyUserEnabled, type CompanyMember } from '@solar/contract';
import { Button, Space, Switch, Table, Tag, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../../shared/api/client';
import { Permit } from '../../../shared/permissions/Permit';
import { ConfirmDelete } from '../../../shared/table/ConfirmDelete';

export function MembersTable(props: {
  members: CompanyMember[];
  isLoading: boolean;
  pagination: TableProps<CompanyMember>['pagination'];
  onEdit: (member: CompanyMember) => void;
  onChanged: () => Promise<void>;
}): ReactNode {
  const { t } = useTranslation(['company', 'common']);
  const columns: TableProps<CompanyMember>['columns'] = [
    { title: t('members.email'), dataIndex: 'email' },
    { title: t('members.nickname'), dataIndex: 'nickname' },
    { title: t('members.phone'), dataIndex: 'phone' },
    {
      title: t('members.role'),
      render: (_, member) =>
        member.isAdministrator ? <Tag>{t('members.administrator')}</Tag> : member.roleName,
    },
    {
      title: t('members.enabled'),
      render: (_, member) => (
        <Permit
          permission="company.user.edit"
          fallback={member.isEnabled ? t('members.enabled') : t('members.disabled')}
        >
          <Switch
            size="small"
            checked={member.isEnabled}
            disabled={member.isAdministrator}
            aria-label={t('members.enabled')}
            onChange={(enabled) =>
              void apiCall(setCompanyUserEnabled, {
                params: { id: member.id },
                body: { enabled: String(enabled) },
              })
                .then(props.onChanged)
                .catch(() => null)
            }
          />
        </Permit>
      ),
    },
    {
      title: t('common:actions.title'),
      render: (_, member) =>
        member.isAdministrator ? null : (
          <Space>
            <Permit permission="company.user.edit">
              <Button type="link" size="small" onClick={() => props.onEdit(member)}>
                {t('common:actions.edit')}
              </Button>
            </Permit>
            <Permit permission="company.user.delete">
              <ConfirmDelete
                onConfirm={() =>
                  apiCall(deleteCompanyUser, { params: { id: member.id } }).then(props.onChanged)
                }
              />
            </Permit>
          </Space>
        ),
    },
  ];
  return (
    <Table<CompanyMember>
      rowKey="id"
      columns={columns}
      dataSource={props.members}
      loading={props.isLoading}
      pagination={props.pagination}
      scroll={{ x: 'max-content' }}
    />
  );
}
