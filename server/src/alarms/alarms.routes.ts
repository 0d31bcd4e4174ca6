import { listAlarmRules, plantLostEnergy, resetAlarmRule, saveAlarmRule } from '@solar/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { auditActor } from '../audit/audit.service.js';
import { registerEndpoint } from '../http/endpoint-route.js';
import { presentLostEnergy } from './alarms.presenter.js';
import { AlarmsService } from './alarms.service.js';

export function alarmsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const alarms = new AlarmsService(deps.db);

  registerEndpoint(app, listAlarmRules, async ({ auth, query }) => {
    const states = await alarms.list(auth, query);
    return { infos: states, total: states.length };
  });

  registerEndpoint(app, saveAlarmRule, async ({ auth, request, body }) => {
    await alarms.save(auth, auditActor(auth, request), body);
    return null;
  });

  registerEndpoint(app, resetAlarmRule, async ({ auth, request, body }) => {
    await alarms.reset(auth, auditActor(auth, request), body);
    return null;
  });

  registerEndpoint(app, plantLostEnergy, async ({ auth, params }) =>
    presentLostEnergy(await alarms.lostThisMonth(auth, params.id)),
  );
}
