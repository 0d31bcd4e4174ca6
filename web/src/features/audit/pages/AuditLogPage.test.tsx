import { createExport, listAuditEntries, type AuditEntry } from '@solar/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { typeDateRange } from '../../../test/date-range';
import { exportAs } from '../../../test/export-menu';
import { answer, requestsTo } from '../../../test/fake-endpoints';
import { renderPage } from '../../../test/render-page';
import AuditLogPage from './AuditLogPage';

const entry: AuditEntry = {
  id: 1,
  actorEmail: 'admin@example.com',
  apiKeyName: null,
  action: 'company.disabled',
  target: 'company 4 "Sunny Ltd"',
  detail: {},
  address: '203.0.113.9',
  createdAt: '2026-11-20T10:00:00.000Z',
};

describe('<AuditLogPage>', () => {
  it('shows who did what to which object from which address', async () => {
    renderPage(<AuditLogPage />, {
      held: ['sys.audit.view'],
      routes: answer(listAuditEntries, { infos: [entry], total: 1 }),
    });
    const row = (await screen.findByText('company 4 "Sunny Ltd"')).closest('tr') as HTMLElement;
    expect(within(row).getByText('admin@example.com')).toBeInTheDocument();
    expect(within(row).getByText('Company disabled')).toBeInTheDocument();
    expect(within(row).getByText('203.0.113.9')).toBeInTheDocument();
  });

  it('filters by the actor', async () => {
    const { server } = renderPage(<AuditLogPage />, {
      held: ['sys.audit.view'],
      routes: answer(listAuditEntries, { infos: [entry], total: 1 }),
    });
    await screen.findByText('admin@example.com');
    const search = screen.getByPlaceholderText('Who');
    await userEvent.type(search, 'admin{Enter}');
    await waitFor(() =>
      expect(requestsTo(server.requests, listAuditEntries).at(-1)?.url).toContain('actor=admin'),
    );
  });

  it('selects the picked days of the browser’s zone, as instants', async () => {
    const { server } = renderPage(<AuditLogPage />, {
      held: ['sys.audit.view'],
      routes: answer(listAuditEntries, { infos: [entry], total: 1 }),
    });
    await screen.findByText('admin@example.com');
    await typeDateRange('Time', '2026-11-25', '2026-11-25');
    await waitFor(() => {
      const url = requestsTo(server.requests, listAuditEntries).at(-1)?.url ?? '';
      const query = new URLSearchParams(url.slice(url.indexOf('?') + 1));
      expect({ from: query.get('from'), to: query.get('to') }).toEqual({
        from: new Date(2026, 10, 25).toISOString(),
        to: new Date(2026, 10, 26).toISOString(),
      });
    });
  });

  it('exports the entries the filters select', async () => {
    const { server } = renderPage(<AuditLogPage />, {
      held: ['sys.audit.view', 'sys.audit.export'],
      routes: {
        ...answer(listAuditEntries, { infos: [entry], total: 1 }),
        ...answer(createExport, { id: 7 }),
      },
    });
    await screen.findByText('admin@example.com');
    await userEvent.type(screen.getByPlaceholderText('Who'), 'admin{Enter}');
    expect(await exportAs(server.requests, 'CSV')).toEqual({
      kind: 'audit',
      actor: 'admin',
      format: 'csv',
      lan: 'en',
    });
  });

  it('hides the export without its permission', async () => {
    renderPage(<AuditLogPage />, {
      held: ['sys.audit.view'],
      routes: answer(listAuditEntries, { infos: [entry], total: 1 }),
    });
    await screen.findByText('admin@example.com');
    expect(screen.queryByRole('button', { name: /Export/ })).toBeNull();
  });
});
