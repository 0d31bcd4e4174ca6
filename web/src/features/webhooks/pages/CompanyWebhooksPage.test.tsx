import {
  createWebhook,
  listWebhookDeliveries,
  listWebhooks,
  redeliverWebhook,
  sendTestWebhook,
  type WebhookDelivery,
  type WebhookSubscription,
} from '@solar/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sentJsonBody } from '../../../test/expect-sent';
import { answer, requestsTo } from '../../../test/fake-endpoints';
import { renderPage } from '../../../test/render-page';
import CompanyWebhooksPage from './CompanyWebhooksPage';

const SECRET = 'whsec_c2VjcmV0IHNlY3JldCBzZWNyZXQgc2VjcmV0IHNlY3JldCE=';

const webhook: WebhookSubscription = {
  id: 7,
  url: 'https://erp.example.com/hooks',
  events: ['event.opened'],
  scope: 'company',
  isEnabled: true,
  disabledReason: null,
  previousSecretExpiresAt: null,
  createdAt: '2026-12-01T08:00:00.000Z',
};

const delivery: WebhookDelivery = {
  id: 31,
  messageId: 'msg_1',
  type: 'event.opened',
  status: 'failed',
  attempts: 9,
  httpStatus: 503,
  latencyMs: 120,
  responseExcerpt: 'down for maintenance',
  error: null,
  createdAt: '2026-12-01T09:00:00.000Z',
  lastAttemptAt: '2026-12-02T09:00:00.000Z',
  nextAttemptAt: null,
};

const ui = {
  add: () => screen.queryByRole('button', { name: 'Add webhook' }),
  sendTest: () => screen.queryByRole('button', { name: 'Send test event' }),
  log: () => screen.findByRole('button', { name: 'Delivery log' }),
  redeliver: () => screen.queryByRole('button', { name: 'Re-deliver' }),
};

function renderWebhooks(held: string[] = ['company.webhook', 'company.webhook.manage']) {
  return renderPage(<CompanyWebhooksPage />, {
    held,
    routes: {
      ...answer(listWebhooks, { webhooks: [webhook] }),
      ...answer(createWebhook, { id: 8, secret: SECRET }),
      ...answer(sendTestWebhook, { deliveryId: 32 }),
      ...answer(listWebhookDeliveries, { deliveries: [delivery] }),
      ...answer(redeliverWebhook, { deliveryId: 33 }),
    },
  });
}

describe('<CompanyWebhooksPage>', () => {
  it('creates a company webhook with the chosen events and shows its secret once', async () => {
    const { server } = renderWebhooks();
    await userEvent.click(await screen.findByRole('button', { name: 'Add webhook' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Endpoint URL'), {
      target: { value: 'https://erp.example.com/new' },
    });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /^plant.offline/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await sentJsonBody(server.requests, createWebhook)).toEqual({
      url: 'https://erp.example.com/new',
      events: ['plant.offline'],
      companyWide: true,
    });
    expect(await screen.findByText(SECRET)).toBeInTheDocument();
    expect(screen.getByText('Copy it now: it is shown only this once.')).toBeInTheDocument();
    // The dialog's form and the secret modal render slowly on a loaded machine.
  }, 90_000);

  it('sends a test event and re-delivers from the delivery log', async () => {
    const { server } = renderWebhooks();
    await userEvent.click(await screen.findByRole('button', { name: 'Send test event' }));
    await waitFor(() =>
      expect(requestsTo(server.requests, sendTestWebhook, { id: 7 })).toHaveLength(1),
    );
    await userEvent.click(await ui.log());
    const log = await screen.findByRole('dialog');
    expect(await within(log).findByText('503')).toBeInTheDocument();
    expect(within(log).getByText('120 ms')).toBeInTheDocument();
    await userEvent.click(within(log).getByRole('button', { name: 'Re-deliver' }));
    await waitFor(() =>
      expect(requestsTo(server.requests, redeliverWebhook, { id: 7, deliveryId: 31 })).toHaveLength(
        1,
      ),
    );
  });

  it('hides every change without company.webhook.manage, keeping the log', async () => {
    renderWebhooks(['company.webhook']);
    expect(await screen.findByText(webhook.url)).toBeInTheDocument();
    expect(ui.add()).toBeNull();
    expect(ui.sendTest()).toBeNull();
    expect(screen.getByRole('switch', { name: 'Enabled' })).toBeDisabled();
    await userEvent.click(await ui.log());
    await screen.findByText('503');
    expect(ui.redeliver()).toBeNull();
  });
});
