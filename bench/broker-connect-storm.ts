/**
 * Connect storm on the embedded broker: a fleet of dataloggers reconnecting at once after an
 * outage. Registers CLIENTS dataloggers, then opens that many raw TCP connections together;
 * each sends CONNECT (persistent session, its SN and key) and, once accepted, SUBSCRIBE to
 * its ack topic. Prints how many got through, the time until the last SUBACK, connect latency
 * percentiles and the process's memory. Asserts nothing (the test suite runs a smaller storm).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  connectAndSubscribe,
  registerFleet,
} from '../server/src/test/fixtures/broker.factories.js';
import { startEmbeddedBroker } from '../server/src/broker/embedded-broker.js';
import { percentile } from './harness/latency.js';
import { ms, printTable, runBench } from './harness/report.js';
import { withBenchDeps } from './harness/server.js';

const CLIENTS = Number(process.env.STORM_CLIENTS ?? 2000);

runBench(() =>
  withBenchDeps(async ({ deps }) => {
    const fleet = await registerFleet(deps.db, CLIENTS);
    const persistenceDir = await mkdtemp(path.join(os.tmpdir(), 'portal-storm-'));
    const broker = await startEmbeddedBroker({
      db: deps.db,
      logger: deps.logger,
      port: 0,
      host: '127.0.0.1',
      persistenceDir: process.env.STORM_MEMORY ? undefined : persistenceDir,
      // Every client comes from 127.0.0.1 here; in the field they come from many addresses.
      limits: { connectionsPerAddress: CLIENTS + 10 },
    });
    try {
      const startedAt = performance.now();
      const outcomes = await Promise.all(
        fleet.map(({ sn, key }) => connectAndSubscribe(broker.port, sn, key)),
      );
      const seconds = (performance.now() - startedAt) / 1000;
      const latencies = outcomes.flatMap((o) => (o.ok ? [o.connectMs] : [])).sort((a, b) => a - b);
      const failures = new Map<string, number>();
      for (const o of outcomes)
        if (!o.ok) failures.set(o.reason, (failures.get(o.reason) ?? 0) + 1);
      printTable(
        `Embedded broker connect storm: ${CLIENTS} dataloggers connect and subscribe at once`,
        ['subscribed', 'failed', 'seconds', 'connect p50 ms', 'connect p95 ms', 'rss MiB'],
        [
          [
            String(latencies.length),
            failures.size === 0 ? '0' : JSON.stringify(Object.fromEntries(failures)),
            seconds.toFixed(2),
            ms(percentile(latencies, 50)),
            ms(percentile(latencies, 95)),
            (process.memoryUsage().rss / 2 ** 20).toFixed(0),
          ],
        ],
      );
    } finally {
      await broker.close();
      await rm(persistenceDir, { recursive: true, force: true });
    }
  }),
);
