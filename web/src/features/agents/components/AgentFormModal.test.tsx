import { ErrorCode } from '@solar/contract';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { storeUser } from '../../../shared/storage/storage';
import { business, installFakeServer, ok, type FakeHandler } from '../../../test/fake-server';
import { AgentFormModal } from './AgentFormModal';

function renderAgentForm(answer: FakeHandler) {
  storeUser({ access_token: 'token', refresh_token: 'refresh' });
  const server = installFakeServer({ 'POST /api/v1/agent': answer });
  const onClose = vi.fn();
  render(<AgentFormModal open onClose={onClose} />);
  return { server, onClose };
}

async function addAgent(account: string): Promise<void> {
  await userEvent.type(screen.getByLabelText('Agent account'), account);
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
}

describe('<AgentFormModal>', () => {
  it('closes as saved once the agent is added', async () => {
    const { server, onClose } = renderAgentForm(() => ok(null));
    await addAgent('partner@example.com');
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(server.requests).toHaveLength(1);
  });

  it('shows an agent rule under the account and stays open', async () => {
    const { onClose } = renderAgentForm(() => business(ErrorCode.agentOfOthers));
    await addAgent('partner@example.com');
    expect(
      await screen.findByText('This account is already an agent of another company'),
    ).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});
