import mqtt from 'mqtt';
import pg from 'pg';
import { refusingTriggerSql } from '../../server/src/test/fixtures/refusing-trigger.js';
import type { FleetDatalogger } from './fleet.js';

/** A reading carrying this vendor key passes validation; the bench's database refuses it. */
const POISON_KEY = 'bench_refused_by_database';

/**
 * Makes the bench's database refuse readings with POISON_KEY, as a database refuses a value it
 * cannot store: every insert of a sample pays for the check from here on.
 */
export async function refusePoisonReadings(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(refusingTriggerSql(POISON_KEY));
  await client.end();
}

export interface PoisonSender {
  /** Stops sending; answers how many poison messages were sent and answered as refused. */
  stop(): Promise<{ sent: number; refused: number }>;
}

/** One datalogger publishing a message storage refuses every `everyMs`, at QoS 1. */
export async function sendPoisonEvery(
  brokerUrl: string,
  datalogger: FleetDatalogger,
  includeKey: boolean,
  everyMs = 1000,
): Promise<PoisonSender> {
  const client = await mqtt.connectAsync(brokerUrl, {
    clientId: datalogger.sn,
    username: datalogger.sn,
    password: datalogger.key,
    protocolVersion: 4,
    reconnectPeriod: 0,
  });
  let refused = 0;
  client.on('message', (_topic, payload) => {
    const ack = JSON.parse(payload.toString()) as { refused?: unknown[] };
    refused += ack.refused?.length ?? 0;
  });
  await client.subscribeAsync(`dl/${datalogger.sn}/ack`, { qos: 1 });
  let sent = 0;
  const publish = () => {
    const body = {
      ts: new Date(Date.UTC(2026, 0, 1) + sent * 60_000).toISOString(),
      devices: [{ sn: `${datalogger.sn}I`, kind: 'inverter', values: { [POISON_KEY]: true } }],
      ...(includeKey ? { key: datalogger.key } : {}),
    };
    sent += 1;
    void client.publishAsync(`dl/${datalogger.sn}/data`, JSON.stringify(body), { qos: 1 });
  };
  const timer = setInterval(publish, everyMs);
  return {
    async stop() {
      clearInterval(timer);
      // The last one's answer.
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await client.endAsync();
      return { sent, refused };
    },
  };
}
