import { addAgent, ErrorCode } from '@solar/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answer, refuse } from '../../../test/fake-endpoints';
import type { FakeHandler } from '../../../test/fake-server';
import { renderPage } from '../../../test/render-page';
import { AgentFormModal } from './AgentFormModal';

function renderAgentForm(routes: Record<string, FakeHandler>) {
  const onClose = vi.fn();
  const { server } = renderPage(<AgentFormModal open onClose={onClose} />, { routes });
  return { server, onClose };
}

async function submitAgent(account: string): Promise<void> {
  await userEvent.type(screen.getByLabelText('Agent account'), account);
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
}

describe('<AgentFormModal>', () => {
  it('closes as saved once the agent is added', async () => {
    const { server, onClose } = renderAgentForm(
      answer(addAgent, {
        id: 1,
        companyId: 1,
        agentUserId: 9,
        account: 'partner@example.com',
        nickname: 'Partner',
        agentCompanyName: null,
        remark: null,
        createdAt: '2024-01-01T00:00:00.000Z',
      }),
    );
    await submitAgent('partner@example.com');
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(server.requests).toHaveLength(1);
  });

  it('shows an agent rule under the account and stays open', async () => {
    const { onClose } = renderAgentForm(refuse(addAgent, ErrorCode.agentOfOthers));
    await submitAgent('partner@example.com');
    expect(
      await screen.findByText('This account is already an agent of another company'),
    ).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});
