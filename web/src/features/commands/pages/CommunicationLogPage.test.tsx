import { cancelCommand, createExport, listCommunicationLog } from '@solar/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { typeDateRange } from '../../../test/date-range';
import { exportAs } from '../../../test/export-menu';
import { answer, requestsTo } from '../../../test/fake-endpoints';
import { renderPage } from '../../../test/render-page';
import { commandRecord } from '../command-record.fixtures';
import CommunicationLogPage from './CommunicationLogPage';

const command = commandRecord;

describe('<CommunicationLogPage>', () => {
  it('lists commands with name, state and outcome, and filters by SN', async () => {
    const { server } = renderPage(<CommunicationLogPage />, {
      held: ['equip.view'],
      routes: answer(listCommunicationLog, {
        infos: [
          command({}),
          command({
            id: '6f1c9a3e-0000-4000-8000-000000000002',
            name: 'settings.write',
            state: 'failed',
            result: null,
            reason: 'Unknown setting foo',
          }),
        ],
        total: 2,
      }),
    });
    const row = (await screen.findByText('Shut down')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Done')).toBeInTheDocument();
    expect(within(row).getByText('switch: off')).toBeInTheDocument();
    const failed = screen.getByText('Write settings').closest('tr') as HTMLElement;
    expect(within(failed).getByText('Failed')).toBeInTheDocument();
    expect(within(failed).getByText('Unknown setting foo')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search SN' }), 'INV001{enter}');
    await waitFor(() =>
      expect(
        requestsTo(server.requests, listCommunicationLog).some((request) =>
          request.url.includes('sn=INV001'),
        ),
      ).toBe(true),
    );
  });

  it('withdraws a queued command for a role that may send it; hidden without', async () => {
    const queued = command({
      id: '6f1c9a3e-0000-4000-8000-000000000003',
      state: 'queued',
      sentAt: null,
      finishedAt: null,
      result: null,
      confirmedState: null,
    });
    const withdrawn = { ...queued, state: 'cancelled' as const, cancelledBy: 'me@example.com' };
    const routes = {
      ...answer(listCommunicationLog, { infos: [queued, command({})], total: 2 }),
      ...answer(cancelCommand, withdrawn),
    };
    const { server } = renderPage(<CommunicationLogPage />, {
      held: ['equip.view', 'inverter.boot'],
      routes,
    });
    const row = (await screen.findByText('Queued')).closest('tr') as HTMLElement;
    const done = screen.getByText('Done').closest('tr') as HTMLElement;
    expect(within(done).queryByRole('button', { name: 'Withdraw' })).toBeNull();
    await userEvent.click(within(row).getByRole('button', { name: 'Withdraw' }));
    await userEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(requestsTo(server.requests, cancelCommand).map((request) => request.url)).toEqual([
        `/api/v1/commands/${queued.id}/cancel`,
      ]),
    );
  });

  it('offers no withdrawal to a role without the permission that sends the command', async () => {
    renderPage(<CommunicationLogPage />, {
      held: ['equip.view', 'gateway.restart'],
      routes: answer(listCommunicationLog, {
        infos: [command({ state: 'queued', result: null, confirmedState: null })],
        total: 1,
      }),
    });
    await screen.findByText('Queued');
    expect(screen.queryByRole('button', { name: 'Withdraw' })).toBeNull();
  });

  it('names who withdrew a command', async () => {
    renderPage(<CommunicationLogPage />, {
      held: ['equip.view'],
      routes: answer(listCommunicationLog, {
        infos: [command({ state: 'cancelled', cancelledBy: 'me@example.com', result: null })],
        total: 1,
      }),
    });
    expect(await screen.findByText('Withdrawn by me@example.com')).toBeInTheDocument();
  });

  it('selects the picked days of the browser’s zone, as instants, in the list and the export', async () => {
    const { server } = renderPage(<CommunicationLogPage />, {
      held: ['equip.view'],
      routes: {
        ...answer(listCommunicationLog, { infos: [command({})], total: 1 }),
        ...answer(createExport, { id: 3 }),
      },
    });
    await screen.findByText('Shut down');
    await typeDateRange('Sent between', '2026-11-25', '2026-11-26');
    const days = {
      from: new Date(2026, 10, 25).toISOString(),
      to: new Date(2026, 10, 27).toISOString(),
    };
    await waitFor(() => {
      const url = requestsTo(server.requests, listCommunicationLog).at(-1)?.url ?? '';
      const query = new URLSearchParams(url.slice(url.indexOf('?') + 1));
      expect({ from: query.get('from'), to: query.get('to') }).toEqual(days);
    });
    expect(await exportAs(server.requests, 'CSV')).toEqual({
      kind: 'commandLog',
      ...days,
      format: 'csv',
      lan: 'en',
    });
  });
});
