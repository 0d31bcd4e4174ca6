import { readFile } from 'node:fs/promises';
import {
  COMMAND_TOPICS,
  type CommandMessage,
  type CommandReply,
  commandMessage,
  type DataloggerAck,
  type DataloggerRecord,
  dataloggerAck,
  TOPICS,
} from '@solar/contract';
import mqtt, { type MqttClient } from 'mqtt';
import type { AgentConfig } from '../config.js';

export interface PortalLinkEvents {
  onConnect(): void;
  onAck(ack: DataloggerAck): void;
  onCommand(command: CommandMessage): void;
  onProblem(message: string): void;
}

const parseJson = (payload: Buffer): unknown => {
  try {
    return JSON.parse(payload.toString('utf8'));
  } catch {
    return undefined;
  }
};

/**
 * The agent's MQTT connection to the portal, as docs/device-protocol.md asks of a datalogger:
 * SN and key as credentials, `online` retained with an `offline` last will, the ack and command
 * topics subscribed. The key also travels in every payload, for portals behind an external
 * broker that does not check credentials.
 */
export class PortalLink {
  private client: MqttClient | null = null;

  constructor(
    private readonly portal: AgentConfig['portal'],
    private readonly events: PortalLinkEvents,
  ) {}

  get connected(): boolean {
    return this.client?.connected ?? false;
  }

  async connect(): Promise<void> {
    const { url, sn, key, caFile } = this.portal;
    const client = mqtt.connect(url, {
      clientId: sn,
      username: sn,
      password: key,
      protocolVersion: 4,
      clean: true,
      keepalive: 60,
      reconnectPeriod: 2000,
      connectTimeout: 10_000,
      ...(caFile ? { ca: await readFile(caFile) } : {}),
      will: { topic: TOPICS.status(sn), payload: Buffer.from('offline'), qos: 1, retain: true },
    });
    this.client = client;
    client.on('connect', () => {
      client.publish(TOPICS.status(sn), 'online', { qos: 1, retain: true });
      client.subscribe([TOPICS.ack(sn), COMMAND_TOPICS.command(sn)], { qos: 1 });
      this.events.onConnect();
    });
    client.on('error', (error) => this.events.onProblem(`portal: ${error.message}`));
    client.on('message', (topic, payload) => this.receive(topic, payload));
  }

  async sendRecords(records: readonly DataloggerRecord[]): Promise<void> {
    await this.publish(TOPICS.data(this.portal.sn), { records, key: this.portal.key });
  }

  async reply(reply: CommandReply): Promise<void> {
    await this.publish(COMMAND_TOPICS.reply(this.portal.sn), { ...reply, key: this.portal.key });
  }

  /** Says `offline` itself before a planned stop, then closes. */
  async close(): Promise<void> {
    const client = this.client;
    if (!client) return;
    if (client.connected)
      await client
        .publishAsync(TOPICS.status(this.portal.sn), 'offline', { qos: 1, retain: true })
        .catch(() => undefined);
    await client.endAsync();
    this.client = null;
  }

  private async publish(topic: string, body: object): Promise<void> {
    if (!this.client?.connected) throw new Error('not connected to the portal');
    await this.client.publishAsync(topic, JSON.stringify(body), { qos: 1 });
  }

  private receive(topic: string, payload: Buffer): void {
    const { sn } = this.portal;
    if (topic === TOPICS.ack(sn)) {
      const ack = dataloggerAck.safeParse(parseJson(payload));
      if (ack.success) this.events.onAck(ack.data);
      return;
    }
    if (topic === COMMAND_TOPICS.command(sn)) {
      const command = commandMessage.safeParse(parseJson(payload));
      if (command.success) this.events.onCommand(command.data);
      else this.events.onProblem('portal: a command that does not match the protocol was ignored');
    }
  }
}
