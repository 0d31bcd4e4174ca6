import { execFile } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { MAX_MESSAGE_BYTES } from '@solar/contract';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../db/embedded-postgres.js';
import { uniqueSerial } from '../test/fixtures/ingestion.factories.js';
import { connectPacket, subscribePacket } from '../test/fixtures/broker.factories.js';
import {
  installShippedConfig,
  SHIPPED_MOSQUITTO,
  startMosquitto as startMosquittoProcess,
} from '../test/fixtures/mosquitto.fixtures.js';

const INGEST_USER = 'portal-ingest';
const INGEST_PASSWORD = 'test-ingest-password';

interface Mosquitto {
  devicesUrl: string;
  ingestUrl: string;
  stop(): Promise<void>;
}

let dir: string;
let ports: { devices: number; ingest: number };
let mosquitto: Mosquitto;
const clients: MqttClient[] = [];

/** The shipped files, paths and ports changed, with the ingestion client's password file. */
async function installConfig(): Promise<string> {
  const file = await installShippedConfig('mosquitto.conf', dir, {
    devices: ports.devices,
    portal: ports.ingest,
  });
  for (const acl of ['solar-devices.acl', 'solar-portal.acl']) {
    await writeFile(path.join(dir, acl), await readFile(path.join(SHIPPED_MOSQUITTO, acl)));
  }
  const passwd = path.join(dir, 'solar-portal.passwd');
  await promisify(execFile)('mosquitto_passwd', ['-b', '-c', passwd, INGEST_USER, INGEST_PASSWORD]);
  await mkdir(path.join(dir, 'data'), { recursive: true });
  // Started as root, mosquitto drops to its own user, which must read and write here.
  await chmod(dir, 0o755);
  await chmod(passwd, 0o644);
  await chmod(path.join(dir, 'data'), 0o777);
  return file;
}

async function startMosquitto(conf: string): Promise<Mosquitto> {
  const broker = await startMosquittoProcess(conf);
  return {
    devicesUrl: `mqtt://127.0.0.1:${ports.devices}`,
    ingestUrl: `mqtt://${INGEST_USER}:${INGEST_PASSWORD}@127.0.0.1:${ports.ingest}`,
    stop: () => broker.stop(),
  };
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'portal-mosquitto-'));
  ports = { devices: await freePort(), ingest: await freePort() };
  mosquitto = await startMosquitto(await installConfig());
});

afterAll(async () => {
  await mosquitto.stop();
  await Promise.all(clients.map((client) => client.endAsync(true)));
  await rm(dir, { recursive: true, force: true });
});

const PUBLISH = 3;

/** The first whole MQTT packet in `bytes`: its type and size, or null while incomplete. */
function nextFrame(bytes: Buffer): { type: number; size: number } | null {
  let length = 0;
  for (let i = 1; i <= 4 && i < bytes.length; i += 1) {
    length += (bytes[i]! & 0x7f) * 128 ** (i - 1);
    if ((bytes[i]! & 0x80) === 0) {
      const size = i + 1 + length;
      return bytes.length >= size ? { type: bytes[0]! >> 4, size } : null;
    }
  }
  return null;
}

/** Connects like the ingestion worker: MQTT 5, persistent session, credentials in MQTT_URL. */
async function connectIngestion(
  clientId: string,
  onMessage: (topic: string, payload: Buffer, ack: () => void) => void,
): Promise<MqttClient> {
  const client = mqtt.connect(mosquitto.ingestUrl, {
    clientId,
    clean: false,
    protocolVersion: 5,
    reconnectPeriod: 0,
    properties: { sessionExpiryInterval: 3600 },
  });
  client.handleMessage = (packet, callback) =>
    onMessage(packet.topic, Buffer.from(packet.payload), () => callback());
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('error', reject);
  });
  clients.push(client);
  return client;
}

async function connectDatalogger(sn: string, options: IClientOptions = {}): Promise<MqttClient> {
  const client = await mqtt.connectAsync(mosquitto.devicesUrl, {
    clientId: sn,
    username: sn,
    password: 'key-checked-by-the-portal',
    reconnectPeriod: 0,
    ...options,
  });
  clients.push(client);
  return client;
}

function publishMany(client: MqttClient, sn: string, count: number): Promise<unknown> {
  return Promise.all(
    Array.from({ length: count }, (_, i) =>
      client.publishAsync(`dl/${sn}/data`, `${sn} ${i}`, { qos: 1 }),
    ),
  );
}

describe('shipped Mosquitto configuration', () => {
  it('keeps a thousand unacknowledged messages in flight to the ingestion client', async () => {
    const sn = uniqueSerial('MQ');
    // A raw subscriber that never sends PUBACK: the default of 20 in flight stops at 20.
    const subscriber = net.connect(ports.ingest, '127.0.0.1');
    let publishes = 0;
    let pending = Buffer.alloc(0);
    subscriber.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      for (let frame = nextFrame(pending); frame; frame = nextFrame(pending)) {
        if (frame.type === PUBLISH) publishes += 1;
        pending = pending.subarray(frame.size);
      }
    });
    await once(subscriber, 'connect');
    subscriber.write(connectPacket(`test-inflight-${sn}`, INGEST_USER, INGEST_PASSWORD));
    subscriber.write(subscribePacket(1, `dl/${sn}/data`));
    try {
      const datalogger = await connectDatalogger(sn);
      await publishMany(datalogger, sn, 1000);
      await expect.poll(() => publishes, { timeout: 20_000 }).toBe(1000);
    } finally {
      subscriber.destroy();
    }
  });

  it('queues more than a thousand messages for the ingestion client through a restart', async () => {
    const sn = uniqueSerial('MQ');
    const clientId = `test-queue-${sn}`;
    const away = await connectIngestion(clientId, (_topic, _payload, ack) => ack());
    await away.subscribeAsync(`$share/ingest${sn}/dl/${sn}/data`, { qos: 1 });
    await away.endAsync(true);
    const datalogger = await connectDatalogger(sn);
    await publishMany(datalogger, sn, 3000);
    await datalogger.endAsync(true);

    await mosquitto.stop();
    mosquitto = await startMosquitto(path.join(dir, 'mosquitto.conf'));

    const received = new Set<string>();
    await new Promise<void>((resolve) => {
      void connectIngestion(clientId, (_topic, payload, ack) => {
        received.add(payload.toString());
        ack();
        if (received.size === 3000) resolve();
      });
    });
    expect(received.size).toBe(3000);
  }, 60_000);

  it('takes a message of the documented maximum size and drops a larger one', async () => {
    const sn = uniqueSerial('MQ');
    const sizes: number[] = [];
    const ingestion = await connectIngestion(`test-size-${sn}`, (_topic, payload, ack) => {
      sizes.push(payload.length);
      ack();
    });
    await ingestion.subscribeAsync(`$share/ingest${sn}/dl/${sn}/data`, { qos: 1 });
    const datalogger = await connectDatalogger(sn);
    await datalogger.publishAsync(`dl/${sn}/data`, Buffer.alloc(MAX_MESSAGE_BYTES, 'x'), {
      qos: 1,
    });
    const closed = new Promise<void>((resolve) => datalogger.once('close', () => resolve()));
    datalogger.publish(`dl/${sn}/data`, Buffer.alloc(MAX_MESSAGE_BYTES + 2048, 'x'), { qos: 1 });
    await closed;
    await expect.poll(() => sizes).toEqual([MAX_MESSAGE_BYTES]);
  });

  it('confines a datalogger to its own topics', async () => {
    const sn = uniqueSerial('MQ');
    const other = uniqueSerial('MQ');
    const ingestionTopics: string[] = [];
    const ingestion = await connectIngestion(`test-acl-${sn}`, (topic, _payload, ack) => {
      ingestionTopics.push(topic);
      ack();
    });
    await ingestion.subscribeAsync(`$share/ingest${sn}/dl/+/data`, { qos: 1 });
    // Mosquitto may close a connection after a denied publish: the spoof gets its own.
    const spoofer = await connectDatalogger(sn);
    spoofer.publish(`dl/${other}/data`, 'spoofed', { qos: 0 });
    await spoofer.endAsync();
    const datalogger = await connectDatalogger(sn);
    await datalogger.publishAsync(`dl/${sn}/data`, 'own', { qos: 1 });
    // Mosquitto handles messages in order: once the own one arrived, the spoofed one is not coming.
    await expect.poll(() => ingestionTopics).toEqual([`dl/${sn}/data`]);

    const seenByDatalogger: string[] = [];
    datalogger.on('message', (topic) => seenByDatalogger.push(topic));
    await datalogger.subscribeAsync([`dl/${other}/ack`, `dl/${sn}/ack`], { qos: 1 });
    await ingestion.publishAsync(`dl/${other}/ack`, 'ack of another datalogger', { qos: 1 });
    await ingestion.publishAsync(`dl/${sn}/ack`, 'own ack', { qos: 1 });
    await expect.poll(() => seenByDatalogger).toEqual([`dl/${sn}/ack`]);
  });

  it('refuses the ingestion listener without the password', async () => {
    const url = `mqtt://127.0.0.1:${ports.ingest}`;
    await expect(
      mqtt.connectAsync(url, { clientId: uniqueSerial('MQ'), reconnectPeriod: 0 }),
    ).rejects.toThrow(/Not authorized|Bad User Name or Password/i);
  });
});
