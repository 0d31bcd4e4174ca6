import {
  createSwitchTask,
  deleteSwitchTask,
  listSwitchTasks,
  runLeakageTest,
  switchOff,
  switchOn,
} from '@solar/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { confirmedRecord } from '../commands/confirmed-record.js';
import { registerEndpoint } from '../http/endpoint-route.js';
import { presentLeakageTest, presentSwitchTask } from './switches.presenter.js';
import { SwitchesService } from './switches.service.js';

export function switchesRoutes(app: FastifyInstance, deps: AppDeps): void {
  const commands = app.commands;
  const switches = new SwitchesService(deps, commands);

  registerEndpoint(app, switchOn, async ({ auth, params }) =>
    confirmedRecord(await switches.command(auth, params.sn, 'switch.on')),
  );

  registerEndpoint(app, switchOff, async ({ auth, params }) =>
    confirmedRecord(await switches.command(auth, params.sn, 'switch.off')),
  );

  registerEndpoint(app, runLeakageTest, async ({ auth, params }) =>
    presentLeakageTest(confirmedRecord(await switches.leakageTest(auth, params.sn))),
  );

  registerEndpoint(app, listSwitchTasks, async ({ auth, params, query }) => {
    const { rows, total } = await switches.listTasks(auth, params.sn, query);
    return { infos: rows.map(presentSwitchTask), total };
  });

  registerEndpoint(app, createSwitchTask, async ({ auth, params, body }) =>
    presentSwitchTask(await switches.createTask(auth, params.sn, body)),
  );

  registerEndpoint(app, deleteSwitchTask, async ({ auth, params }) => {
    await switches.deleteTask(auth, params.sn, params.id);
    return null;
  });
}
