import type { CompanyMember, EndpointQuery, listCompanyUsers } from '@solar/contract';
import { Switch, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../shared/list-page/ListPage';
import { useListState } from '../../../shared/list-page/useListState';
import { Permit } from '../../../shared/permissions/Permit';
import {
  useCompanyMembers,
  useDeleteMember,
  useSetMemberEnabled,
  useSetMemberReadOnly,
} from '../api';
import { CompanyContextGate } from '../../company-context/CompanyContextGate';
import { MemberFormModal } from '../components/MemberFormModal';

type MemberFilters = Partial<Pick<EndpointQuery<typeof listCompanyUsers>, 'search'>>;

function CompanyMembers(): ReactNode {
  const { t } = useTranslation(['company', 'menu']);
  const list = useListState<MemberFilters>();
  const members = useCompanyMembers({ page: list.page, size: list.size, ...list.filters });
  const setEnabled = useSetMemberEnabled();
  const deleteMember = useDeleteMember();
  const setReadOnly = useSetMemberReadOnly();

  const enabledSwitch = (member: CompanyMember): ReactNode => (
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
          void setEnabled
            .mutateAsync({ params: { id: member.id }, body: { enabled: String(enabled) } })
            .catch(() => null)
        }
      />
    </Permit>
  );

  const readOnlySwitch = (member: CompanyMember): ReactNode => (
    <Permit
      permission="company.user.edit"
      fallback={member.isReadOnly ? t('members.readOnly') : null}
    >
      <Switch
        size="small"
        checked={member.isReadOnly}
        disabled={member.isAdministrator}
        aria-label={t('members.readOnly')}
        onChange={(readOnly) =>
          void setReadOnly
            .mutateAsync({ params: { id: member.id }, body: { readOnly: String(readOnly) } })
            .catch(() => null)
        }
      />
    </Permit>
  );

  return (
    <ListPage<CompanyMember, MemberFilters>
      title={t('menu:companyMembers')}
      list={list}
      rows={members}
      rowKey={(member) => member.id}
      columns={[
        { key: 'email', title: t('members.email'), value: (member) => member.email },
        { key: 'nickname', title: t('members.nickname'), value: (member) => member.nickname },
        { key: 'phone', title: t('members.phone'), value: (member) => member.phone },
        {
          key: 'role',
          title: t('members.role'),
          value: (member) =>
            member.isAdministrator ? <Tag>{t('members.administrator')}</Tag> : member.roleName,
        },
        { key: 'enabled', title: t('members.enabled'), value: enabledSwitch },
        { key: 'readOnly', title: t('members.readOnly'), value: readOnlySwitch },
      ]}
      filters={[{ kind: 'search', key: 'search', label: t('members.search') }]}
      toolbar={[{ kind: 'create', label: t('members.add'), permission: 'company.user.create' }]}
      rowActions={[
        { kind: 'edit', permission: 'company.user.edit' },
        {
          kind: 'delete',
          permission: 'company.user.delete',
          onConfirm: (member) => deleteMember.mutateAsync({ params: { id: member.id } }),
        },
      ]}
      lockedRow={{ isLocked: (member) => member.isAdministrator }}
      renderForm={(control, member) => <MemberFormModal {...control} member={member} />}
    />
  );
}

/** For a platform administrator, in the context of a chosen company. */
export default function CompanyMembersPage(): ReactNode {
  return (
    <CompanyContextGate>
      <CompanyMembers />
    </CompanyContextGate>
  );
}
