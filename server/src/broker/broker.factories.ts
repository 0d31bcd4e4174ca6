import { once } from 'node:events';
import net from 'node:net';
import type { Db } from '../db/database.js';

function mqttString(text: string): Buffer {
  const bytes = Buffer.from(text);
  const length = Buffer.alloc(2);
  length.writeUInt16BE(bytes.length);
  return Buffer.concat([length, bytes]);
}

/** MQTT's remaining length: seven bits a byte, high bit set while more follow. */
export function remainingLength(length: number): Buffer {
  const bytes: number[] = [];
  let rest = length;
  do {
    const digit = rest % 128;
    rest = Math.floor(rest / 128);
    bytes.push(rest > 0 ? digit | 0x80 : digit);
  } while (rest > 0);
  return Buffer.from(bytes);
}

/** An MQTT 3.1.1 CONNECT with user name and password, by default with a clean session. */
export function connectPacket(
  clientId: string,
  username: string,
  password: string,
  cleanSession = true,
): Buffer {
  const USERNAME_PASSWORD = 0xc0;
  const CLEAN_SESSION = 0x02;
  const flags = USERNAME_PASSWORD | (cleanSession ? CLEAN_SESSION : 0);
  const body = Buffer.concat([
    mqttString('MQTT'),
    Buffer.from([4, flags, 0, 60]),
    mqttString(clientId),
    mqttString(username),
    mqttString(password),
  ]);
  return Buffer.concat([Buffer.from([0x10]), remainingLength(body.length), body]);
}

/** SUBSCRIBE to one topic with QoS 1. */
export function subscribePacket(messageId: number, topic: string): Buffer {
  const id = Buffer.alloc(2);
  id.writeUInt16BE(messageId);
  const body = Buffer.concat([id, mqttString(topic), Buffer.from([1])]);
  return Buffer.concat([Buffer.from([0x82]), remainingLength(body.length), body]);
}

export type ConnectOutcome = { returnCode: number } | 'closed';

/** Opens a raw TCP connection, writes `bytes`, and tells what came back first. */
export async function rawConnect(
  port: number,
  bytes: Buffer,
): Promise<{ outcome: ConnectOutcome; socket: net.Socket }> {
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  const outcome = new Promise<ConnectOutcome>((resolve) => {
    socket.once('data', (data: Buffer) => resolve({ returnCode: data[3]! }));
    socket.once('close', () => resolve('closed'));
  });
  await Promise.race([once(socket, 'connect'), outcome]);
  if (!socket.destroyed) socket.write(bytes);
  return { outcome: await outcome, socket };
}

/** Connects with SN and key and closes again; the CONNACK's return code, or 'closed'. */
export async function tryCredentials(
  port: number,
  sn: string,
  key: string,
): Promise<ConnectOutcome> {
  const { outcome, socket } = await rawConnect(port, connectPacket(sn, sn, key));
  socket.destroy();
  return outcome;
}

/** Registers `count` dataloggers without a plant; SN and key are unique per call. */
export async function registerFleet(db: Db, count: number): Promise<{ sn: string; key: string }[]> {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const fleet = Array.from({ length: count }, (_, i) => ({
    sn: `FLEET${stamp}${i}`.toUpperCase(),
    key: `KEY${stamp}${i}`,
  }));
  const CHUNK = 500;
  for (let start = 0; start < fleet.length; start += CHUNK) {
    await db
      .insertInto('dataloggers')
      .values(
        fleet.slice(start, start + CHUNK).map(({ sn, key }) => ({
          sn,
          registration_key: key,
          plant_id: null,
        })),
      )
      .execute();
  }
  return fleet;
}

export type StormOutcome = { ok: true; connectMs: number } | { ok: false; reason: string };

/**
 * A datalogger's first steps over raw TCP: CONNECT on a persistent session, then SUBSCRIBE to
 * its ack topic once accepted. Resolves at the SUBACK or the first failure.
 */
export function connectAndSubscribe(port: number, sn: string, key: string): Promise<StormOutcome> {
  const CONNACK = 2;
  const SUBACK = 9;
  return new Promise((resolve) => {
    const startedAt = performance.now();
    let connectMs = 0;
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(connectPacket(sn, sn, key, false));
    });
    const finish = (outcome: StormOutcome) => {
      socket.destroy();
      resolve(outcome);
    };
    socket.on('data', (data: Buffer) => {
      const type = data[0]! >> 4;
      if (type === CONNACK && data[3] !== 0) finish({ ok: false, reason: `CONNACK ${data[3]}` });
      else if (type === CONNACK) {
        connectMs = performance.now() - startedAt;
        socket.write(subscribePacket(1, `dl/${sn}/ack`));
      } else if (type === SUBACK) finish({ ok: true, connectMs });
    });
    socket.on('error', (error) => finish({ ok: false, reason: error.message }));
    socket.on('close', () => finish({ ok: false, reason: 'closed' }));
  });
}
