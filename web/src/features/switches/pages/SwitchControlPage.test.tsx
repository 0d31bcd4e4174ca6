import {
  createSwitchTask,
  equipmentRealtime,
  type EndpointData,
  listSwitchTasks,
  type Permission,
  runLeakageTest,
  switchOff,
} from '@solar/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { answer, requestsTo } from '../../../test/fake-endpoints';
import { itHidesEachWithout } from '../../../test/guarded-actions';
import { renderPage } from '../../../test/render-page';
import { commandRecord } from '../../commands/command-record.fixtures';
import SwitchControlPage from './SwitchControlPage';

const tasks: EndpointData<typeof listSwitchTasks> = {
  infos: [
    {
      id: 3,
      kind: 'repeat',
      action: 'off',
      date: null,
      weekdays: [1, 5],
      time: '07:30',
      timeZone: 'Europe/Berlin',
      nextRunAt: '2030-01-04T06:30:00.000Z',
      lastRun: {
        dueAt: '2030-01-03T06:30:00.000Z',
        state: 'failed',
        attempts: 4,
        finishedAt: '2030-01-03T06:34:00.000Z',
        reason: 'offline',
      },
      createdAt: '2030-01-01T00:00:00.000Z',
    },
  ],
  total: 1,
};

const FULL: Permission[] = ['equip.view', 'switch.control', 'switch.task'];

const ui = {
  switchOff: () => screen.queryByRole('button', { name: 'Switch off' }),
  leakageTest: () => screen.queryByRole('button', { name: 'Leakage self-test' }),
  addTask: () => screen.queryByRole('button', { name: 'Add task' }),
  deleteTask: () => screen.queryByRole('button', { name: 'Delete' }),
};

function renderPanel(held: readonly Permission[]) {
  return renderPage(
    <Routes>
      <Route path="/device/switch/:sn/control" element={<SwitchControlPage />} />
    </Routes>,
    {
      held,
      path: '/device/switch/SW1/control',
      routes: {
        ...answer(equipmentRealtime, {
          sn: 'SW1',
          kind: 'switch',
          status: 'normal',
          ts: '2030-01-03T10:00:00.000Z',
          values: { state: 'on', p_w: 1500, leakage_ma: 3.2 },
        }),
        ...answer(listSwitchTasks, tasks),
        ...answer(switchOff, commandRecord({ name: 'switch.off', state: 'done' })),
        ...answer(createSwitchTask, tasks.infos[0]!),
        ...answer(runLeakageTest, {
          isPassed: true,
          leakageMa: 3.4,
          startedAt: '2030-01-03T10:00:00.000Z',
          finishedAt: '2030-01-03T10:00:10.000Z',
          durationSeconds: 10,
          command: commandRecord({ name: 'switch.leakageTest', state: 'done' }),
        }),
      },
    },
  );
}

const page = { held: FULL, render: renderPanel, shown: () => screen.findByText(/Mon, Fri 07:30/) };

describe('<SwitchControlPage>', () => {
  it('lists the tasks with their schedule, next run and a failed last run', async () => {
    renderPanel(FULL);
    const row = (await screen.findByText(/Mon, Fri 07:30/)).closest('tr')!;
    expect(Object.values(ui).map((find) => find())).not.toContain(null);
    expect(within(row).getByText('Failed')).toBeInTheDocument();
    expect(row).toHaveTextContent('Europe/Berlin');
    expect(screen.getByText('On')).toBeInTheDocument();
    expect(screen.getByText('3.2 mA')).toBeInTheDocument();
  });

  it('switches off after the confirmation', async () => {
    const { server } = renderPanel(['equip.view', 'switch.control']);
    await userEvent.click(await screen.findByRole('button', { name: 'Switch off' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(requestsTo(server.requests, switchOff, { sn: 'SW1' })).toHaveLength(1),
    );
  });

  it('shows the leakage test result and its 10 s timing', async () => {
    renderPanel(['equip.view', 'switch.control']);
    await userEvent.click(await screen.findByRole('button', { name: 'Leakage self-test' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Start' }));
    expect(await screen.findByText('Test passed: 3.4 mA')).toBeInTheDocument();
    expect(screen.getByText(/\(10 s\)/)).toBeInTheDocument();
  });

  itHidesEachWithout(page, [
    { name: 'switching off', permission: 'switch.control', find: ui.switchOff },
    { name: 'the leakage test', permission: 'switch.control', find: ui.leakageTest },
    { name: 'adding a task', permission: 'switch.task', find: ui.addTask },
    { name: 'deleting a task', permission: 'switch.task', find: ui.deleteTask },
  ]);
});
