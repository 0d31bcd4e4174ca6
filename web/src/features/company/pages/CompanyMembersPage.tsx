import { PlusOutlined } from '@ant-design/icons';
import { listCompanyUsers, type CompanyMember } from '@solar/contract';
import { Button, Input, Space } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../../shared/api/hooks';
import { Permit } from '../../../shared/permissions/Permit';
import { usePaging } from '../../../shared/table/usePaging';
import { PageCard } from '../../../shared/ui/PageCard';
import { companyKeys, useCompanyRefresh } from '../api';
import { MemberFormModal } from '../components/MemberFormModal';
import { MembersTable } from '../components/MembersTable';

type Editing = { member: CompanyMember | undefined } | null;

export default function CompanyMembersPage(): ReactNode {
  const { t } = useTranslation(['company', 'menu']);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Editing>(null);
  const paging = usePaging();
  const refresh = useCompanyRefresh();
  const members = useApiQuery(listCompanyUsers, {
    query: { page: paging.page, size: paging.size, search: search || undefined },
  });

  return (
    <PageCard
      title={t('menu:companyMembers')}
      extra={
        <Space wrap>
          <Input.Search
            allowClear
            placeholder={t('members.search')}
            aria-label={t('members.search')}
            onSearch={(value) => {
              setSearch(value.trim());
              paging.setPage(1);
            }}
          />
          <Permit permission="company.user.create">
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setEditing({ member: undefined })}
            >
              {t('members.add')}
            </Button>
          </Permit>
        </Space>
      }
    >
      <MembersTable
        members={members.data?.infos ?? []}
        isLoading={members.isPending}
        pagination={paging.paginationFor(members.data?.total)}
        onEdit={(member) => setEditing({ member })}
        onChanged={() => refresh(companyKeys.members)}
      />
      <MemberFormModal
        open={editing !== null}
        member={editing?.member}
        onClose={(isSaved) => {
          setEditing(null);
          if (isSaved) void refresh(companyKeys.members);
        }}
      />
    </PageCard>
  );
}
