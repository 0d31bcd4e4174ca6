import { listAlarmRules, plantLostEnergy, resetAlarmRule, saveAlarmRule } from '@solar/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { registerEndpoint } from '../http/endpoint-route.js';
import { presentLostEnergy } from './alarms.presenter.js';
import { AlarmsService } from './alarms.service.js';

export function alarmsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const alarms = new AlarmsService(deps.db);

  registerEndpoint(app, listAlarmRules, async ({ auth, query }) => {
    const states = await alarms.list(auth, query);
    return { infos: states, total: states.length };
  });

  registerEndpoint(app, saveAlarmRule, async ({ auth, body }) => {
    await alarms.save(auth, body);
    return null;
  });

  registerEndpoint(app, resetAlarmRule, async ({ auth, body }) => {
    await alarms.reset(auth, body);
    return null;
  });

  registerEndpoint(app, plantLostEnergy, async ({ auth, params }) =>
    presentLostEnergy(await alarms.lostThisMonth(auth, params.id)),
  );
}
