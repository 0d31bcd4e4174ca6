import { once } from 'node:events';
import net from 'node:net';

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

/** An MQTT 3.1.1 CONNECT with a clean session, user name and password. */
export function connectPacket(clientId: string, username: string, password: string): Buffer {
  const body = Buffer.concat([
    mqttString('MQTT'),
    Buffer.from([4, 0xc2, 0, 60]),
    mqttString(clientId),
    mqttString(username),
    mqttString(password),
  ]);
  return Buffer.concat([Buffer.from([0x10]), remainingLength(body.length), body]);
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
