import { listAgents, removeAgent, type Agent, type Permission } from '@solar/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { describeCompanyContext } from '../../../test/company-context';
import { confirmAndExpectSent } from '../../../test/expect-sent';
import { answer, requestsTo } from '../../../test/fake-endpoints';
import type { FakeHandler } from '../../../test/fake-server';
import { renderPage } from '../../../test/render-page';
import AgentsPage from './AgentsPage';

const partner: Agent = {
  id: 5,
  companyId: 1,
  agentUserId: 9,
  account: 'partner@example.com',
  nickname: 'Partner',
  agentCompanyName: 'Partner Solar',
  remark: null,
  createdAt: '2024-01-01T00:00:00.000Z',
};

const ui = {
  add: () => screen.queryByRole('button', { name: /Add agent/ }),
  delete: () => screen.queryByRole('button', { name: 'Delete' }),
  row: () => screen.findByText('partner@example.com'),
};

function renderAgents(held: readonly Permission[], routes: Record<string, FakeHandler> = {}) {
  return renderPage(<AgentsPage />, {
    held,
    routes: {
      ...answer(listAgents, { infos: [partner], total: 1 }),
      ...answer(removeAgent, null),
      ...routes,
    },
  });
}

describe('<AgentsPage>', () => {
  it('lists the agents with their company and removes one after confirmation', async () => {
    const { server } = renderAgents(['agent.manage']);
    await ui.row();
    expect(screen.getByText('Partner Solar')).toBeInTheDocument();
    expect(ui.add()).toBeInTheDocument();
    await userEvent.click(ui.delete() as HTMLElement);
    await confirmAndExpectSent(server.requests, removeAgent, { id: 5 });
    await waitFor(() => expect(requestsTo(server.requests, listAgents)).toHaveLength(2));
  });

  // Adding and removing share one permission, so one case hides both.
  it('hides add and remove without agent.manage', async () => {
    renderAgents([]);
    await ui.row();
    expect(ui.add()).toBeNull();
    expect(ui.delete()).toBeNull();
  });

  describeCompanyContext({
    render: renderAgents,
    held: ['agent.manage'],
    list: listAgents,
    shown: ui.row,
  });
});
