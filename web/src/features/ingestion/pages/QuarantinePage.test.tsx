import {
  deleteQuarantinedMessage,
  type EndpointData,
  type Permission,
  quarantinedMessages,
  type QuarantinedMessage,
  reingestQuarantinedMessage,
} from '@solar/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { confirmAndExpectSent } from '../../../test/expect-sent';
import { answer, requestsTo } from '../../../test/fake-endpoints';
import { itHidesEachWithout } from '../../../test/guarded-actions';
import { expectForbidden } from '../../../test/render-app';
import { renderPage } from '../../../test/render-page';
import QuarantinePage from './QuarantinePage';

const FULL: Permission[] = ['sys.ingestion.quarantine', 'sys.ingestion.quarantine.edit'];

const refused: QuarantinedMessage = {
  id: 7,
  dataloggerSn: 'GW0007POISON',
  transport: 'mqtt',
  reason: '23514 new row violates check constraint',
  firstSeenAt: '2026-11-30T08:00:00.000Z',
  lastSeenAt: '2026-12-01T09:30:00.000Z',
  timesSeen: 3,
  payloadBytes: 812,
  payloadPreview: '{"ts":"2026-12-01T09:30:00Z","sn":"INV0001"}',
};

function renderQuarantine(
  held: readonly Permission[] = FULL,
  outcome: EndpointData<typeof reingestQuarantinedMessage> = { stored: true, reason: null },
  infos: QuarantinedMessage[] = [refused],
) {
  return renderPage(<QuarantinePage />, {
    held,
    routes: {
      ...answer(quarantinedMessages, { infos, total: infos.length }),
      ...answer(reingestQuarantinedMessage, outcome),
      ...answer(deleteQuarantinedMessage, null),
    },
  });
}

const ui = {
  row: async () => (await screen.findByText('GW0007POISON')).closest('tr') as HTMLElement,
  reingest: () => screen.queryByRole('button', { name: 'Ingest again' }),
  discard: () => screen.queryByRole('button', { name: 'Discard' }),
};

describe('<QuarantinePage>', () => {
  it('shows each set-aside message with its transport, count, size, reason and payload', async () => {
    renderQuarantine();
    const row = await ui.row();
    expect(within(row).getByText('MQTT')).toBeVisible();
    expect(within(row).getByText('3')).toBeVisible();
    expect(within(row).getByText('812 B')).toBeVisible();
    expect(within(row).getByText('23514 new row violates check constraint')).toBeVisible();
    expect(within(row).getByText(refused.payloadPreview)).toBeInTheDocument();
  });

  it('says what the quarantine is while it is empty', async () => {
    renderQuarantine(FULL, { stored: true, reason: null }, []);
    expect(await screen.findByText(/No messages are set aside/)).toBeVisible();
  });

  it('ingests a message again and says it was stored', async () => {
    const { server } = renderQuarantine();
    await userEvent.click(within(await ui.row()).getByRole('button', { name: 'Ingest again' }));
    expect(
      await screen.findByText('Stored: the message has left the quarantine.'),
    ).toBeInTheDocument();
    expect(requestsTo(server.requests, reingestQuarantinedMessage, { id: 7 })).toHaveLength(1);
  });

  it('says why a message ingested again is still refused', async () => {
    renderQuarantine(FULL, { stored: false, reason: '23514 still out of range' });
    await userEvent.click(within(await ui.row()).getByRole('button', { name: 'Ingest again' }));
    expect(await screen.findByText('Still refused: 23514 still out of range')).toBeInTheDocument();
  });

  it('asks before it discards a message', async () => {
    const { server } = renderQuarantine();
    await userEvent.click(within(await ui.row()).getByRole('button', { name: 'Discard' }));
    expect(
      await screen.findByText('Discard this message for good? Its data will never be stored.'),
    ).toBeVisible();
    expect(requestsTo(server.requests, deleteQuarantinedMessage)).toHaveLength(0);
    await confirmAndExpectSent(server.requests, deleteQuarantinedMessage, { id: 7 });
    expect(await screen.findByText('Message discarded.')).toBeInTheDocument();
  });

  itHidesEachWithout({ held: FULL, render: (held) => renderQuarantine(held), shown: ui.row }, [
    { name: 'ingest again', permission: 'sys.ingestion.quarantine.edit', find: ui.reingest },
    { name: 'discard', permission: 'sys.ingestion.quarantine.edit', find: ui.discard },
  ]);

  it('is forbidden without sys.ingestion.quarantine', async () => {
    await expectForbidden('/management/quarantine', ['sys.gateway.view']);
  });
});
