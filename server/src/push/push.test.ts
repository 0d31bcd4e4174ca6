import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ErrorCode,
  listPushSubscriptions,
  pushMessage,
  removePushSubscription,
  sendTestPush,
  subscribePush,
  vapidPublicKey,
  type PushMessage,
} from '@solar/contract';
import { decrypt } from 'http_ece';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint, callEndpointLoosely, endpointData } from '../test/call-endpoint.js';
import { buildUser, tokenFor } from '../test/factories.js';
import {
  buildPlantWithDatalogger,
  inverterRecord,
  uniqueSerial,
} from '../test/fixtures/ingestion.factories.js';
import { buildIngestionTestApp, type IngestionTestApp } from '../test/ingestion-test-app.js';
import { deliverPush } from './push-jobs.js';

interface ReceivedPush {
  path: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

/**
 * A push service of the test's own on loopback: it records what it receives and answers each
 * path with the status set for it (201 by default, as push services accept a message).
 */
class LoopbackPushService {
  readonly received: ReceivedPush[] = [];
  readonly statusByPath = new Map<string, number>();
  private readonly server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      this.received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(this.statusByPath.get(path) ?? 201).end();
    });
  });

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
  }

  endpoint(path: string): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}${path}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** A browser's side of a subscription: its P-256 key pair and auth secret (RFC 8291). */
function browserKeys(): { ecdh: ECDH; p256dh: string; auth: string } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    ecdh,
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  };
}

let t: IngestionTestApp;
const pushService = new LoopbackPushService();
beforeAll(async () => {
  await pushService.start();
  t = await buildIngestionTestApp({ WEBHOOKS_ALLOW_PRIVATE_NETWORKS: 'true' });
});
afterAll(() => pushService.stop());

let browsers = 0;
/** Subscribes a new browser of `token`'s account on the loopback service. */
async function subscribeBrowser(token: string) {
  browsers += 1;
  const keys = browserKeys();
  const path = `/push/browser-${browsers}`;
  const info = await endpointData(t.app, subscribePush, {
    token,
    body: { endpoint: pushService.endpoint(path), keys: { p256dh: keys.p256dh, auth: keys.auth } },
  });
  return { ...keys, path, info };
}

/** Runs the delivery job of every message queued for the subscription, as the worker would. */
async function deliverQueued(subscriptionId: number): Promise<void> {
  const rows = await t.deps.db
    .selectFrom('push_outbox')
    .select('id')
    .where('subscription_id', '=', subscriptionId)
    .where('status', '=', 'queued')
    .execute();
  for (const { id } of rows) await deliverPush.run(t.deps, { outboxId: id });
}

/** Decrypts what the push service received for `browser` (RFC 8291, aes128gcm). */
function openedMessages(browser: { path: string; ecdh: ECDH; auth: string }): PushMessage[] {
  return pushService.received
    .filter((push) => push.path === browser.path)
    .map((push) => {
      expect(push.headers['content-encoding']).toBe('aes128gcm');
      const plain = decrypt(push.body, {
        version: 'aes128gcm',
        privateKey: browser.ecdh,
        authSecret: browser.auth,
      });
      return pushMessage.parse(JSON.parse(plain.toString('utf8')));
    });
}

describe('push subscriptions', () => {
  it('answers 401 without a token and code 4 for a subscription without keys', async () => {
    expect((await callEndpoint(t.app, vapidPublicKey)).status).toBe(401);
    expect((await callEndpoint(t.app, listPushSubscriptions)).status).toBe(401);
    const user = await buildUser(t.deps);
    const res = await callEndpointLoosely(t.app, subscribePush, {
      token: await tokenFor(t.deps, user.id),
      body: { endpoint: pushService.endpoint('/push/no-keys') },
    });
    expect(res.code).toBe(ErrorCode.validation);
  });

  it("answers the server's VAPID public key", async () => {
    const user = await buildUser(t.deps);
    const { publicKey } = await endpointData(t.app, vapidPublicKey, {
      token: await tokenFor(t.deps, user.id),
    });
    expect(publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(publicKey).toBe(t.deps.push.publicKey);
  });

  it("lists and removes only the caller's own browsers", async () => {
    const [owner, other] = [await buildUser(t.deps), await buildUser(t.deps)];
    const [ownerToken, otherToken] = [
      await tokenFor(t.deps, owner.id),
      await tokenFor(t.deps, other.id),
    ];
    const phone = await subscribeBrowser(ownerToken);
    const laptop = await subscribeBrowser(ownerToken);
    await subscribeBrowser(otherToken);

    const listed = await endpointData(t.app, listPushSubscriptions, { token: ownerToken });
    expect(listed.infos.map((s) => s.id)).toEqual([laptop.info.id, phone.info.id]);
    expect(listed.infos[0]).toMatchObject({ serviceHost: expect.stringMatching(/^127\.0\.0\.1:/) });

    const refused = await callEndpoint(t.app, removePushSubscription, {
      token: otherToken,
      params: { id: phone.info.id },
    });
    expect(refused.code).toBe(ErrorCode.pushSubscriptionNotFound);
    await endpointData(t.app, removePushSubscription, {
      token: ownerToken,
      params: { id: phone.info.id },
    });
    const after = await endpointData(t.app, listPushSubscriptions, { token: ownerToken });
    expect(after.infos.map((s) => s.id)).toEqual([laptop.info.id]);
  });

  it('sends a test notification in the account language to each browser', async () => {
    const user = await buildUser(t.deps);
    await t.deps.db
      .updateTable('users')
      .set({ language: 'de' })
      .where('id', '=', user.id)
      .execute();
    const token = await tokenFor(t.deps, user.id);
    const browser = await subscribeBrowser(token);

    expect(await endpointData(t.app, sendTestPush, { token })).toEqual({ queued: 1 });
    // Asked again at once: nothing more is queued (one test a minute per browser).
    expect(await endpointData(t.app, sendTestPush, { token })).toEqual({ queued: 0 });
    await deliverQueued(browser.info.id);
    expect(openedMessages(browser)).toEqual([
      { title: 'Testbenachrichtigung', body: expect.any(String), url: '/edit' },
    ]);
  });
});

describe('alarm notifications by push', () => {
  it('pushes a fault to the owner, encrypted and signed, once; a 410 removes the browser', async () => {
    const owner = await buildUser(t.deps, { kind: 'owner' });
    const token = await tokenFor(t.deps, owner.id);
    const phone = await subscribeBrowser(token);
    const gone = await subscribeBrowser(token);
    pushService.statusByPath.set(gone.path, 410);
    const plantName = `Push plant ${browsers}`;
    const plant = await buildPlantWithDatalogger(t.deps, { ownerId: owner.id, name: plantName });
    const sn = uniqueSerial('INV');
    const fault = inverterRecord(new Date(Date.now() - 60_000).toISOString(), sn, {
      pac_w: 0,
      fault_codes: ['201'],
    });
    await t.service.ingestRecords(plant.datalogger, [fault]);
    await t.service.ingestRecords(plant.datalogger, [fault]);

    await deliverQueued(phone.info.id);
    await deliverQueued(gone.info.id);

    const [message, ...more] = openedMessages(phone);
    expect(more).toHaveLength(0);
    expect(message!.title).toBe(`Fault: ${plantName}`);
    expect(message!.body).toContain(sn);
    expect(message!.url).toBe(`/device/event?plantId=${plant.plantId}&keyword=${sn}`);

    const [received] = pushService.received.filter((push) => push.path === phone.path);
    expect(received!.headers.authorization).toMatch(
      new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${t.deps.push.publicKey}$`),
    );
    expect(received!.headers.ttl).toBeDefined();

    const left = await endpointData(t.app, listPushSubscriptions, { token });
    expect(left.infos.map((s) => s.id)).toEqual([phone.info.id]);
    expect(left.infos[0]!.lastSentAt).not.toBeNull();
  });
});
