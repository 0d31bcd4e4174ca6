import {
  createWebhook,
  ErrorCode,
  listWebhookDeliveries,
  listWebhooks,
  redeliverWebhook,
  rotateWebhookSecret,
  sendTestWebhook,
  type WebhookEventType,
  type WebhookPayload,
} from '@solar/contract';
import { Webhook } from 'standardwebhooks';
import { beforeAll, describe, expect, it } from 'vitest';
import { IngestionService } from '../ingestion/ingestion-service.js';
import { callEndpoint, endpointData } from '../test/call-endpoint.js';
import { buildSignedInOwner } from '../test/factories.js';
import {
  buildPlantWithDatalogger,
  inverterRecord,
  uniqueSerial,
} from '../test/fixtures/ingestion.factories.js';
import { uniqueQueueSchema } from '../test/fixtures/job-queue.fixtures.js';
import {
  type ReceivedWebhook,
  startWebhookReceiver,
  type WebhookReceiver,
} from '../test/fixtures/webhook-receiver.js';
import { until } from '../test/live-devices.js';
import { buildTestApp, jobDepsOf, type TestApp } from '../test/test-app.js';
import { watchWebhookOutbox } from './webhook-outbox-watcher.js';

let t: TestApp;
let ingestion: IngestionService;
let receiver: WebhookReceiver;

beforeAll(async () => {
  // Loopback receivers need private networks allowed; two quick retries stand for 24 hours.
  // Its own database: the dispatcher fans out every outbox row, and the run's shared database
  // holds the events of every other test file.
  t = await buildTestApp(
    { WEBHOOKS_ALLOW_PRIVATE_NETWORKS: 'true', WEBHOOKS_RETRY_DELAYS_SECONDS: '1,1' },
    { jobSchema: uniqueQueueSchema(), database: 'own' },
  );
  ingestion = new IngestionService(t.deps);
  receiver = await startWebhookReceiver();
  await t.deps.jobs.work(jobDepsOf(t));
  const stopWatching = await watchWebhookOutbox(t.deps);
  return stopWatching;
}, 60_000);

async function subscribe(token: string, path: string, events: WebhookEventType[]) {
  return endpointData(t.app, createWebhook, {
    token,
    body: { url: `${receiver.origin}${path}`, events },
  });
}

const at = (path: string) => receiver.received.filter((request) => request.path === path);

function verified(secret: string, request: ReceivedWebhook): WebhookPayload {
  return new Webhook(secret).verify(request.body, request.headers) as WebhookPayload;
}

async function raiseFault(ownerId: number) {
  const plant = await buildPlantWithDatalogger(t.deps, { ownerId, name: 'Webhook plant' });
  const sn = uniqueSerial('INV');
  await ingestion.ingestRecords(plant.datalogger, [
    inverterRecord(new Date().toISOString(), sn, {
      pac_w: 0,
      status: 'fault',
      fault_codes: ['201'],
    }),
  ]);
  return { plantId: plant.plantId, sn };
}

describe('webhook deliveries', () => {
  it('deliver a signed event.opened within seconds of a fault, to the plant owner only', async () => {
    const owner = await buildSignedInOwner(t.deps);
    const outsider = await buildSignedInOwner(t.deps);
    const hook = await subscribe(owner.token, '/owner', ['event.opened']);
    await subscribe(outsider.token, '/outsider', ['event.opened']);

    const { plantId, sn } = await raiseFault(owner.user.id);
    await until(async () => at('/owner').length > 0, 20_000);

    const [request] = at('/owner');
    expect(request!.headers['webhook-id']).toMatch(/^msg_/);
    const payload = verified(hook.secret, request!);
    expect(payload.type).toBe('event.opened');
    expect(payload.data.plant).toEqual({ id: plantId, name: 'Webhook plant' });
    expect(payload.data.device).toEqual({ sn, kind: 'inverter' });
    expect(payload.data.details).toMatchObject({ code: '201' });
    expect(payload.data.occurredAt.timeZone).toBe('Europe/Berlin');
    expect(payload.data.occurredAt.local).toMatch(/ \+0[12]:00$/);
    expect(payload.data.link).toMatch(new RegExp(`/plants/overview/${plantId}$`));
    expect(() => verified(`whsec_${Buffer.alloc(32).toString('base64')}`, request!)).toThrow();
    // The outsider's subscription sees nothing of a plant it may not see.
    expect(at('/outsider')).toEqual([]);
  });

  it('retry a refusing receiver, then fail, disable the subscription and mail its owner', async () => {
    const owner = await buildSignedInOwner(t.deps);
    receiver.answer('/down', 503);
    const hook = await subscribe(owner.token, '/down', ['event.opened']);
    await raiseFault(owner.user.id);

    await until(async () => {
      const { webhooks } = await endpointData(t.app, listWebhooks, {
        token: owner.token,
        query: {},
      });
      return webhooks[0]?.isEnabled === false;
    }, 30_000);
    // The first attempt and the two retries, one message.
    expect(at('/down')).toHaveLength(3);
    expect(new Set(at('/down').map((request) => request.headers['webhook-id'])).size).toBe(1);
    const { deliveries } = await endpointData(t.app, listWebhookDeliveries, {
      token: owner.token,
      params: { id: hook.id },
    });
    expect(deliveries[0]).toMatchObject({
      type: 'event.opened',
      status: 'failed',
      attempts: 3,
      httpStatus: 503,
      responseExcerpt: 'answered 503',
    });
    const { webhooks } = await endpointData(t.app, listWebhooks, { token: owner.token, query: {} });
    expect(webhooks[0]!.disabledReason).toMatch(/24 hours/);
    const mail = await t.deps.db
      .selectFrom('mail_outbox')
      .select('subject')
      .where('recipient', '=', owner.user.email)
      .where('subject', 'like', '%webhook%')
      .executeTakeFirst();
    expect(mail?.subject).toBe('A webhook was turned off');
  });

  it('sign with the old and the new secret during a rotation; a re-delivery keeps the id', async () => {
    const owner = await buildSignedInOwner(t.deps);
    const hook = await subscribe(owner.token, '/rotated', ['event.closed']);
    const rotated = await endpointData(t.app, rotateWebhookSecret, {
      token: owner.token,
      params: { id: hook.id },
      body: {},
    });
    const sent = await endpointData(t.app, sendTestWebhook, {
      token: owner.token,
      params: { id: hook.id },
      body: {},
    });
    await until(async () => at('/rotated').length === 1);
    const [first] = at('/rotated');
    expect(first!.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(verified(hook.secret, first!).type).toBe('webhook.test');
    expect(verified(rotated.secret, first!).type).toBe('webhook.test');

    const again = await callEndpoint(t.app, redeliverWebhook, {
      token: owner.token,
      params: { id: hook.id, deliveryId: sent.deliveryId },
      body: {},
    });
    expect(again.code).toBe(ErrorCode.ok);
    await until(async () => at('/rotated').length === 2);
    expect(at('/rotated')[1]!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    await until(async () => {
      const { deliveries } = await endpointData(t.app, listWebhookDeliveries, {
        token: owner.token,
        params: { id: hook.id },
      });
      return deliveries.every((delivery) => delivery.status === 'succeeded');
    });
  });

  it('answer a redirect as a failure and never follow it', async () => {
    const owner = await buildSignedInOwner(t.deps);
    const port = new URL(receiver.origin).port;
    receiver.answer('/moved', 307, { location: `http://localhost:${port}/inside` });
    const hook = await subscribe(owner.token, '/moved', ['event.opened']);
    await endpointData(t.app, sendTestWebhook, {
      token: owner.token,
      params: { id: hook.id },
      body: {},
    });
    await until(async () => {
      const { deliveries } = await endpointData(t.app, listWebhookDeliveries, {
        token: owner.token,
        params: { id: hook.id },
      });
      return deliveries[0]?.status === 'failed';
    });
    const { deliveries } = await endpointData(t.app, listWebhookDeliveries, {
      token: owner.token,
      params: { id: hook.id },
    });
    expect(deliveries[0]).toMatchObject({
      httpStatus: 307,
      attempts: 1,
      error: 'redirects are not followed',
    });
    expect(at('/inside')).toEqual([]);
  });
});
