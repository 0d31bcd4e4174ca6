import {
  getWorkOrder,
  listWorkOrderAssignees,
  moveWorkOrder,
  type Permission,
  type WorkOrderDetail,
} from '@solar/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { answer, requestsTo } from '../../../test/fake-endpoints';
import { renderPage } from '../../../test/render-page';
import WorkOrderPage from './WorkOrderPage';

const ORDER: WorkOrderDetail = {
  id: 12,
  plantId: 7,
  plantName: 'Tokyo roof',
  timeZone: 'Asia/Tokyo',
  title: 'Fan failure on INV1',
  priority: 'P1',
  status: 'open',
  assigneeId: null,
  assigneeName: null,
  reportedAt: '2026-03-01T00:00:00.000Z',
  dueAt: '2026-03-01T04:00:00.000Z',
  isOverdue: true,
  createdAt: '2026-03-01T00:10:00.000Z',
  closedAt: null,
  minutesSpent: 45,
  description: 'The fan is loud.',
  resolution: null,
  createdBy: 'Anna',
  acknowledgedAt: null,
  devices: [{ id: 3, sn: 'INV1', kind: 'inverter' }],
  events: [
    {
      id: 90,
      code: '301',
      level: 'W',
      sn: 'INV1',
      startTime: '2026-03-01T00:00:00.000Z',
      endTime: null,
    },
  ],
  comments: [
    {
      id: 1,
      authorName: 'Ben',
      body: 'On my way',
      minutesSpent: 45,
      createdAt: '2026-03-01T01:00:00.000Z',
    },
  ],
  photos: [],
};

const ui = {
  move: (name: string) => screen.queryByRole('button', { name }),
  comment: () => screen.queryByLabelText('Comment'),
  assign: () => screen.queryByLabelText('Assign'),
};

function renderOrder(held: readonly Permission[], order: WorkOrderDetail = ORDER) {
  return renderPage(
    <Routes>
      <Route path="/work-orders/:id" element={<WorkOrderPage />} />
    </Routes>,
    {
      held,
      path: `/work-orders/${order.id}`,
      routes: {
        ...answer(getWorkOrder, order),
        ...answer(moveWorkOrder, null),
        ...answer(listWorkOrderAssignees, { infos: [{ id: 5, nickname: 'Ben' }] }),
      },
    },
  );
}

const EDITOR: Permission[] = ['workorder.view', 'workorder.edit', 'workorder.assign'];

// Each test renders the whole page with antd's dialogs and selects: slow on a busy machine.
describe('<WorkOrderPage>', { timeout: 90_000 }, () => {
  it('shows the facts, its alarm, its comments and the time spent', async () => {
    renderOrder(EDITOR);
    expect(await screen.findByText(/#12 Fan failure on INV1/)).toBeInTheDocument();
    expect(screen.getByText('Overdue')).toBeInTheDocument();
    expect(screen.getAllByText('45 min').length).toBeGreaterThan(0);
    expect(screen.getByText('On my way')).toBeInTheDocument();
    expect(screen.getByText(/301 · INV1/)).toBeInTheDocument();
  });

  it('offers the moves its status allows and starts work at once', async () => {
    const { server } = renderOrder(EDITOR);
    await screen.findByText(/#12/);
    for (const name of ['Start work', 'Put on hold', 'Close as done', 'Cancel']) {
      expect(ui.move(name)).toBeInTheDocument();
    }
    await userEvent.click(ui.move('Start work')!);
    await waitFor(() => expect(requestsTo(server.requests, moveWorkOrder)).toHaveLength(1));
    expect(JSON.parse(requestsTo(server.requests, moveWorkOrder)[0]!.body!)).toMatchObject({
      status: 'inProgress',
    });
  });

  it('asks a resolution before closing, closing its open alarms by default', async () => {
    const { server } = renderOrder(EDITOR);
    await screen.findByText(/#12/);
    await userEvent.click(ui.move('Close as done')!);
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: /Save/ }));
    expect(await within(dialog).findByText(/required|Please/i)).toBeInTheDocument();
    expect(requestsTo(server.requests, moveWorkOrder)).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText('Resolution'), 'Fan replaced');
    // Save stays disabled for the double-click guard after the first try.
    const save = within(dialog).getByRole('button', { name: /Save/ });
    await waitFor(() => expect(save).toBeEnabled(), { timeout: 5_000 });
    await userEvent.click(save);
    await waitFor(() => expect(requestsTo(server.requests, moveWorkOrder)).toHaveLength(1));
    expect(JSON.parse(requestsTo(server.requests, moveWorkOrder)[0]!.body!)).toEqual({
      status: 'done',
      resolution: 'Fan replaced',
      closeAlarms: true,
    });
  });

  it('offers no move once done', async () => {
    renderOrder(EDITOR, { ...ORDER, status: 'done', resolution: 'Fixed', isOverdue: false });
    expect(await screen.findByText('Fixed')).toBeInTheDocument();
    expect(ui.move('Start work')).not.toBeInTheDocument();
    expect(ui.move('Close as done')).not.toBeInTheDocument();
  });

  it('hides moves, comment form, assignment and edit without their permissions', async () => {
    renderOrder(['workorder.view']);
    await screen.findByText(/#12/);
    expect(ui.move('Start work')).not.toBeInTheDocument();
    expect(ui.move('Edit')).not.toBeInTheDocument();
    expect(ui.comment()).not.toBeInTheDocument();
    expect(ui.assign()).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add photo/ })).not.toBeInTheDocument();
  });
});
