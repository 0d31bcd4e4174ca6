import { addAgent, listAgents, removeAgent } from '@solar/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { registerEndpoint } from '../http/endpoint-route.js';
import { presentAgent } from './agents.presenter.js';
import { AgentsService } from './agents.service.js';

export function agentsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const agents = new AgentsService(deps.db);

  registerEndpoint(app, listAgents, async ({ auth, query }) => {
    const { rows, total } = await agents.list(auth, query);
    return { infos: rows.map(presentAgent), total };
  });

  registerEndpoint(app, addAgent, async ({ auth, body }) =>
    presentAgent(await agents.add(auth, body.account, body.remark ?? null)),
  );

  registerEndpoint(app, removeAgent, async ({ auth, params }) => {
    await agents.remove(auth, params.id);
    return null;
  });
}
