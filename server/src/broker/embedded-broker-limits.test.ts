import { ErrorCode, ingestData } from '@solar/contract';
import mqtt from 'mqtt';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { inverterRecord, uniqueSerial } from '../test/fixtures/ingestion.factories.js';
import { buildDatalogger } from '../test/fixtures/plants.factories.js';
import { callEndpoint } from '../test/call-endpoint.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import type { BrokerLimits } from './broker-limits.js';
import { DATALOGGER_KEY_GUESSES } from './datalogger-key-guard.js';
import {
  connectPacket,
  rawConnect,
  remainingLength,
  tryCredentials,
} from '../test/fixtures/broker.factories.js';
import { type EmbeddedBroker, startEmbeddedBroker } from './embedded-broker.js';

const ACCEPTED = { returnCode: 0 };
const BAD_KEY = { returnCode: 4 };
const TOO_MANY_FAILURES = { returnCode: 3 };
/** Another loopback address: the datalogger's own host, not the guesser's. */
const DATALOGGER_HOME = '127.0.0.2';

let t: TestApp;
let broker: EmbeddedBroker | null = null;

beforeAll(async () => {
  t = await buildTestApp();
});

afterEach(async () => {
  await broker?.close();
  broker = null;
});

async function startBroker(limits: Partial<BrokerLimits> = {}): Promise<EmbeddedBroker> {
  broker = await startEmbeddedBroker({
    db: t.deps.db,
    logger: t.deps.logger,
    port: 0,
    host: '127.0.0.1',
    limits,
  });
  return broker;
}

async function datalogger() {
  const sn = uniqueSerial('DL');
  const key = `KEY-${sn}`;
  await buildDatalogger(t.deps, { sn, key });
  return { sn, key };
}

describe('embedded broker packet size', () => {
  // Three unauthenticated 250 MB packets raised memory by 617 MB that was never released.
  it('closes a connection whose first packet announces more than a CONNECT needs', async () => {
    const { port } = await startBroker();
    const header = Buffer.concat([Buffer.from([0x10]), remainingLength(250 * 1024 * 1024)]);
    const { outcome } = await rawConnect(port, Buffer.concat([header, Buffer.alloc(1024)]));
    expect(outcome).toBe('closed');
  });

  it('closes a connection whose length field is malformed', async () => {
    const { port } = await startBroker();
    const { outcome } = await rawConnect(port, Buffer.from([0x10, 0xff, 0xff, 0xff, 0xff, 0x01]));
    expect(outcome).toBe('closed');
  });

  it('accepts a message up to the limit after authentication and drops a larger one', async () => {
    const { url } = await startBroker({ packetBytesAfterAuth: 20_000 });
    const { sn, key } = await datalogger();
    const client = await mqtt.connectAsync(url, {
      clientId: sn,
      username: sn,
      password: key,
      reconnectPeriod: 0,
    });
    try {
      await client.publishAsync(`dl/${sn}/data`, 'x'.repeat(15_000), { qos: 1 });
      const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
      client.publish(`dl/${sn}/data`, 'x'.repeat(25_000), { qos: 1 });
      await closed;
      expect(client.connected).toBe(false);
    } finally {
      await client.endAsync(true);
    }
  });
});

describe('embedded broker connections', () => {
  it('refuses connections beyond the limit per address', async () => {
    const { port } = await startBroker({ connectionsPerAddress: 3 });
    const dataloggers = await Promise.all([1, 2, 3, 4].map(() => datalogger()));
    const admitted = [];
    for (const { sn, key } of dataloggers.slice(0, 3)) {
      admitted.push(await rawConnect(port, connectPacket(sn, sn, key)));
    }
    const { sn, key } = dataloggers[3]!;
    const refused = await rawConnect(port, connectPacket(sn, sn, key));
    for (const connection of [...admitted, refused]) connection.socket.destroy();
    expect(admitted.map((c) => c.outcome)).toEqual([ACCEPTED, ACCEPTED, ACCEPTED]);
    expect(refused.outcome).toBe('closed');
  });

  it('drops a connection that sends no CONNECT in time', async () => {
    const { port } = await startBroker({ connectTimeoutMs: 200 });
    const { outcome } = await rawConnect(port, Buffer.alloc(0));
    expect(outcome).toBe('closed');
  });

  it('closes new connections of an address with too many failed connects', async () => {
    const { port } = await startBroker({ failuresPerAddress: 5 });
    const { sn, key } = await datalogger();
    for (let i = 0; i < 5; i += 1) {
      expect(await tryCredentials(port, sn, 'wrong')).toEqual(BAD_KEY);
    }
    expect(await tryCredentials(port, sn, key)).toBe('closed');
  });

  it('counts connections closed before authenticating as failed connects', async () => {
    const { port } = await startBroker({ failuresPerAddress: 2, connectTimeoutMs: 100 });
    const { sn, key } = await datalogger();
    for (let i = 0; i < 2; i += 1) {
      expect((await rawConnect(port, Buffer.from([0xf0, 0x00]))).outcome).toBe('closed');
    }
    // The server counts the second failure as the socket closes; wait until it did.
    await expect.poll(() => tryCredentials(port, sn, key)).toBe('closed');
  });
});

describe('embedded broker key guessing', () => {
  // MQTT key guessing ran at 1,415 guesses per second without any limit.
  it('evaluates at most the budget of 1,000 parallel guesses on one SN from one address', async () => {
    const { port } = await startBroker({ failuresPerAddress: 2000, connectionsPerAddress: 2000 });
    const { sn, key } = await datalogger();
    expect(await tryCredentials(port, sn, key, DATALOGGER_HOME)).toEqual(ACCEPTED);
    const outcomes = await Promise.all(
      Array.from({ length: 1000 }, (_, i) => tryCredentials(port, sn, `guess-${i}`)),
    );
    const count = (expected: object) =>
      outcomes.filter((o) => JSON.stringify(o) === JSON.stringify(expected)).length;
    const budget = DATALOGGER_KEY_GUESSES.perSubjectAndSource.max;
    expect(count(BAD_KEY)).toBe(budget);
    expect(count(TOO_MANY_FAILURES)).toBe(1000 - budget);
    // The guesser's address is refused even the right key; the datalogger's own is not.
    expect(await tryCredentials(port, sn, key)).toEqual(TOO_MANY_FAILURES);
    expect(await tryCredentials(port, sn, key, DATALOGGER_HOME)).toEqual(ACCEPTED);
  }, 60_000);

  it('shares the budget with HTTP uploads: guesses over HTTP count against MQTT', async () => {
    const { port } = await startBroker({ failuresPerAddress: 100 });
    const { sn, key } = await datalogger();
    for (let i = 0; i < DATALOGGER_KEY_GUESSES.perSubjectAndSource.max; i += 1) {
      const res = await callEndpoint(t.app, ingestData, {
        headers: { 'x-datalogger-sn': sn, 'x-datalogger-key': `guess-${i}` },
        body: inverterRecord(new Date().toISOString(), uniqueSerial('INV'), { pac_w: 1 }),
        remoteAddress: '127.0.0.1',
      });
      expect(res.code).toBe(ErrorCode.dataloggerCredentials);
    }
    expect(await tryCredentials(port, sn, key)).toEqual(TOO_MANY_FAILURES);
  });

  it('limits guesses per address across serial numbers', async () => {
    const { port } = await startBroker({ failuresPerAddress: 10 });
    const targets = await Promise.all(Array.from({ length: 20 }, () => datalogger()));
    const outcomes = await Promise.all(targets.map(({ sn }) => tryCredentials(port, sn, 'guess')));
    expect(outcomes.filter((o) => o !== 'closed' && o.returnCode === 4)).toHaveLength(10);
  });

  // On a loaded host 4 of a 400-datalogger storm were refused: the pending right keys had
  // taken the whole budget of 30 before any of them was evaluated.
  it('lets parallel right keys wait for the budget instead of refusing them', async () => {
    const { port } = await startBroker({ failuresPerAddress: 3, connectionsPerAddress: 100 });
    const fleet = await Promise.all(Array.from({ length: 40 }, () => datalogger()));
    const outcomes = await Promise.all(fleet.map(({ sn, key }) => tryCredentials(port, sn, key)));
    expect(outcomes.filter((o) => o === 'closed' || o.returnCode !== 0)).toEqual([]);
  });

  it('does not count connects with the right key', async () => {
    const { port } = await startBroker({ failuresPerAddress: 2 });
    const { sn, key } = await datalogger();
    for (let i = 0; i < 6; i += 1) expect(await tryCredentials(port, sn, key)).toEqual(ACCEPTED);
  });
});
