import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { createDb } from '../db/database.js';
import { testQueue, uniqueQueueSchema } from '../test/fixtures/job-queue.fixtures.js';
import { deliverSms } from './sms-jobs.js';
import { HttpSmsProvider, LogSmsProvider } from './sms-provider.js';
import { SmsSender } from './sms-sender.js';

interface GatewayPost {
  authorization: string | undefined;
  body: unknown;
}

async function bodyOf(request: IncomingMessage): Promise<unknown> {
  let text = '';
  for await (const chunk of request) text += String(chunk);
  return JSON.parse(text);
}

/** A real HTTP gateway that answers 503 to the first `refusals` posts, then 200. */
function smsGateway(refusals: number) {
  const accepted: GatewayPost[] = [];
  let attempts = 0;
  const server = createServer((request, response) => {
    void bodyOf(request).then((body) => {
      attempts += 1;
      if (attempts <= refusals) {
        response.writeHead(503).end('busy');
        return;
      }
      accepted.push({ authorization: request.headers.authorization, body });
      response.writeHead(200).end();
    });
  });
  return { server, accepted, attempts: () => attempts };
}

const databaseUrl = inject('databaseUrl');
const db = createDb(databaseUrl, 3);
const logger = pino({ level: 'silent' });
const gateway = smsGateway(1);
const DAILY_CAP = 5;
const testDeliverSms = { ...deliverSms, retry: { ...deliverSms.retry, delaySeconds: 1 } };
/** One queue per provider: a job runs with the sender of the queue that took it. */
const logQueue = testQueue(databaseUrl, uniqueQueueSchema(), [testDeliverSms]);
const httpQueue = testQueue(databaseUrl, uniqueQueueSchema(), [testDeliverSms]);
const viaLog = new SmsSender(db, logger, logQueue, new LogSmsProvider(logger), DAILY_CAP);
let viaHttp: SmsSender;

beforeAll(async () => {
  await new Promise<void>((resolve) => gateway.server.listen(0, '127.0.0.1', resolve));
  const { port } = gateway.server.address() as AddressInfo;
  const provider = new HttpSmsProvider(`http://127.0.0.1:${port}/sms`, 'gateway-token');
  viaHttp = new SmsSender(db, logger, httpQueue, provider, DAILY_CAP);
  await logQueue.work({ sms: viaLog });
  await httpQueue.work({ sms: viaHttp });
});

afterAll(async () => {
  await logQueue.stop(1_000);
  await httpQueue.stop(1_000);
  await new Promise<void>((resolve) => gateway.server.close(() => resolve()));
  await db.destroy();
});

let phoneSequence = 0;
const uniquePhone = () => `+49${Date.now()}${(phoneSequence += 1)}`;

async function outboxRow(phone: string) {
  return db
    .selectFrom('sms_outbox')
    .select(['status', 'attempts', 'error', 'sent_at', 'purpose'])
    .where('phone', '=', phone)
    .executeTakeFirstOrThrow();
}

async function buildAccount(): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      email: `sms-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`,
      password_hash: 'not-a-hash',
      nickname: 'Texted',
      kind: 'owner',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('sms outbox', () => {
  it('sends through the log when no gateway is configured and marks the message sent', async () => {
    const to = uniquePhone();
    const sms = { to, text: 'Inverter fault', purpose: 'alarm' as const, userId: null };
    expect(await viaLog.send(sms)).toBe('queued');

    await vi.waitFor(async () => expect((await outboxRow(to)).status).toBe('sent'), {
      timeout: 15_000,
      interval: 100,
    });
    expect(await outboxRow(to)).toMatchObject({ attempts: 1, error: null, purpose: 'alarm' });
  });

  it('re-posts a message the HTTP gateway refused, with the bearer token, once it accepts', async () => {
    const to = uniquePhone();
    await viaHttp.send({ to, text: 'Your code is 123456', purpose: 'verification', userId: null });

    await vi.waitFor(async () => expect((await outboxRow(to)).status).toBe('sent'), {
      timeout: 20_000,
      interval: 100,
    });
    expect(gateway.attempts()).toBe(2);
    expect(gateway.accepted).toEqual([
      { authorization: 'Bearer gateway-token', body: { to, text: 'Your code is 123456' } },
    ]);
    expect(await outboxRow(to)).toMatchObject({ attempts: 2, error: null });
  });

  it('marks a message failed when its last retry is refused too', async () => {
    const gatewayDown = { send: () => Promise.reject(new Error('gateway down')) };
    const refusing = new SmsSender(db, logger, logQueue, gatewayDown, DAILY_CAP);
    const to = uniquePhone();
    const row = await db
      .insertInto('sms_outbox')
      .values({ phone: to, text: 'Alarm', purpose: 'alarm', attempts: deliverSms.retry.limit })
      .returning('id')
      .executeTakeFirstOrThrow();
    await expect(refusing.deliver(row.id)).rejects.toThrow('gateway down');
    expect(await outboxRow(to)).toMatchObject({
      status: 'failed',
      attempts: deliverSms.retry.limit + 1,
      error: 'Error: gateway down',
    });
  });

  it('queues a message with a known dedupe key only once', async () => {
    const dedupeKey = `sms-dedupe-${Date.now()}`;
    const sms = { to: uniquePhone(), text: 'Alarm', purpose: 'alarm' as const, userId: null };
    expect(await viaLog.send({ ...sms, dedupeKey })).toBe('queued');
    expect(await viaLog.send({ ...sms, dedupeKey })).toBe('duplicate');
  });

  it('queues exactly the daily cap of 50 parallel messages to one account', async () => {
    const userId = await buildAccount();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        viaLog.send({ to: uniquePhone(), text: `Alarm ${i}`, purpose: 'alarm', userId }),
      ),
    );
    expect(results.filter((r) => r === 'queued')).toHaveLength(DAILY_CAP);
    expect(results.filter((r) => r === 'overCap')).toHaveLength(50 - DAILY_CAP);
    const queued = await db
      .selectFrom('sms_outbox')
      .select('id')
      .where('user_id', '=', userId)
      .execute();
    expect(queued).toHaveLength(DAILY_CAP);
  });
});
