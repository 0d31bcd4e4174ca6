import { listSmsMessages } from '@solar/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.js';
import { registerEndpoint } from '../http/endpoint-route.js';
import { SmsOutboxService } from './sms-outbox.service.js';
import { presentSmsMessage } from './sms.presenter.js';

export function smsRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  const outbox = new SmsOutboxService(db);

  registerEndpoint(app, listSmsMessages, async ({ query }) => {
    const { rows, total } = await outbox.list(query);
    return { infos: rows.map(presentSmsMessage), total };
  });
}
