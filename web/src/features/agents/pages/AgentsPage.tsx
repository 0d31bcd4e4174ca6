import type { Agent } from '@solar/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../shared/list-page/ListPage';
import { useListState } from '../../../shared/list-page/useListState';
import { CompanyContextGate } from '../../company-context/CompanyContextGate';
import { useAgents, useRemoveAgent } from '../api';
import { AgentFormModal } from '../components/AgentFormModal';
import { readerDate } from '../../../shared/format/formatters';

function Agents(): ReactNode {
  const { t } = useTranslation(['customers', 'menu']);
  const list = useListState();
  const agents = useAgents({ page: list.page, size: list.size });
  const removeAgent = useRemoveAgent();

  return (
    <ListPage<Agent>
      title={t('menu:agents')}
      list={list}
      rows={agents}
      rowKey={(agent) => agent.id}
      columns={[
        { key: 'account', title: t('agents.account'), value: (agent) => agent.account },
        { key: 'nickname', title: t('agents.nickname'), value: (agent) => agent.nickname },
        { key: 'company', title: t('agents.company'), value: (agent) => agent.agentCompanyName },
        { key: 'remark', title: t('agents.remark'), value: (agent) => agent.remark },
        {
          key: 'createdAt',
          title: t('customers.createdAt'),
          value: (agent) => readerDate(agent.createdAt),
        },
      ]}
      toolbar={[{ kind: 'create', label: t('agents.add'), permission: 'agent.manage' }]}
      rowActions={[
        {
          kind: 'delete',
          permission: 'agent.manage',
          onConfirm: (agent) => removeAgent.mutateAsync({ params: { id: agent.id } }),
        },
      ]}
      renderForm={(control) => <AgentFormModal {...control} />}
    />
  );
}

/** For a platform administrator, in the context of a chosen company. */
export default function AgentsPage(): ReactNode {
  return (
    <CompanyContextGate>
      <Agents />
    </CompanyContextGate>
  );
}
