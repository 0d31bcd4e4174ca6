import { listSmsMessages, type SmsMessage } from '@solar/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, requestsTo } from '../../../test/fake-endpoints';
import { expectForbidden } from '../../../test/render-app';
import { renderPage } from '../../../test/render-page';
import SmsOutboxPage from './SmsOutboxPage';

const failed: SmsMessage = {
  id: 3,
  phone: '+4915112345678',
  text: '[F] Sunny Roof: Grid fault',
  purpose: 'alarm',
  status: 'failed',
  attempts: 11,
  error: 'SMS gateway answered 503',
  userEmail: 'owner@example.com',
  createdAt: '2026-11-20T10:00:00.000Z',
  sentAt: null,
};

describe('<SmsOutboxPage>', () => {
  it('shows each message with its account, purpose, status and last error', async () => {
    renderPage(<SmsOutboxPage />, {
      held: ['sys.sms.manage'],
      routes: answer(listSmsMessages, { infos: [failed], total: 1 }),
    });
    const row = (await screen.findByText('+4915112345678')).closest('tr') as HTMLElement;
    expect(within(row).getByText('owner@example.com')).toBeInTheDocument();
    expect(within(row).getByText('Alarm')).toBeInTheDocument();
    expect(within(row).getByText('Failed')).toBeInTheDocument();
    expect(within(row).getByText('SMS gateway answered 503')).toBeInTheDocument();
  });

  it('filters by status', async () => {
    const { server } = renderPage(<SmsOutboxPage />, {
      held: ['sys.sms.manage'],
      routes: answer(listSmsMessages, { infos: [failed], total: 1 }),
    });
    await screen.findByText('+4915112345678');
    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByTitle('Sent'));
    await waitFor(() =>
      expect(requestsTo(server.requests, listSmsMessages).at(-1)?.url).toContain('status=sent'),
    );
  });

  it('is forbidden without sys.sms.manage', async () => {
    await expectForbidden('/management/sms', ['sys.audit.view']);
  });
});
