import { PlusOutlined } from '@ant-design/icons';
import { listAgents, removeAgent, type Agent } from '@solar/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Table, type TableProps } from 'antd';
import dayjs from 'dayjs';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../../shared/api/client';
import { useApiQuery } from '../../../shared/api/hooks';
import { Permit } from '../../../shared/permissions/Permit';
import { ConfirmDelete } from '../../../shared/table/ConfirmDelete';
import { usePaging } from '../../../shared/table/usePaging';
import { PageCard } from '../../../shared/ui/PageCard';
import { AgentFormModal } from '../components/AgentFormModal';

export default function AgentsPage(): ReactNode {
  const { t } = useTranslation(['customers', 'menu', 'common']);
  const queryClient = useQueryClient();
  const [isAdding, setIsAdding] = useState(false);
  const paging = usePaging();
  const agents = useApiQuery(listAgents, { query: { page: paging.page, size: paging.size } });
  const refresh = (): Promise<void> =>
    queryClient.invalidateQueries({ queryKey: ['GET', listAgents.path] });

  const columns: TableProps<Agent>['columns'] = [
    { title: t('agents.account'), dataIndex: 'account' },
    { title: t('agents.nickname'), dataIndex: 'nickname' },
    { title: t('agents.company'), dataIndex: 'agentCompanyName' },
    { title: t('agents.remark'), dataIndex: 'remark' },
    {
      title: t('customers.createdAt'),
      render: (_, agent) => dayjs(agent.createdAt).format('YYYY-MM-DD'),
    },
    {
      title: t('common:actions.title'),
      render: (_, agent) => (
        <Permit permission="agent.manage">
          <ConfirmDelete
            onConfirm={() => apiCall(removeAgent, { params: { id: agent.id } }).then(refresh)}
          />
        </Permit>
      ),
    },
  ];

  return (
    <PageCard
      title={t('menu:agents')}
      extra={
        <Permit permission="agent.manage">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setIsAdding(true)}>
            {t('agents.add')}
          </Button>
        </Permit>
      }
    >
      <Table<Agent>
        rowKey="id"
        columns={columns}
        dataSource={agents.data?.infos ?? []}
        loading={agents.isPending}
        pagination={paging.paginationFor(agents.data?.total)}
        scroll={{ x: 'max-content' }}
      />
      <AgentFormModal
        open={isAdding}
        onClose={(isSaved) => {
          setIsAdding(false);
          if (isSaved) void refresh();
        }}
      />
    </PageCard>
  );
}
