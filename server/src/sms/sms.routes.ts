import { listSmsMessages } from '@solar/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { registerEndpoint } from '../http/endpoint-route.js';
import { SmsOutboxService } from './sms-outbox.service.js';
import { presentSmsMessage } from './sms.presenter.js';

export function smsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const outbox = new SmsOutboxService(deps.db);

  registerEndpoint(app, listSmsMessages, async ({ query }) => {
    const { rows, total } = await outbox.list(query);
    return { infos: rows.map(presentSmsMessage), total };
  });
}
