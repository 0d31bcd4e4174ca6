/**
 * Command round trip: `--dataloggers` simulated dataloggers (the simulator's own datalogger and
 * command code, one inverter each) connected to the embedded broker (or MQTT_URL), then one
 * shutdown per inverter, all at once through the HTTP API (app.inject), and then one boot per
 * inverter. Each call counts from the request to the answer, which the server gives only after
 * the device confirmed (stored, published, `accepted`, `done`, NOTIFY). Prints p50/p99; asserts
 * nothing. Clients, broker, database and server share the same cores, so this is a lower bound.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { type LiveSimulation, startLiveSimulation } from '../simulator/src/index.js';
import { currentAccessToken } from '../server/src/auth/sessions.js';
import { commandCounters } from '../server/src/commands/command-stats.js';
// The app's `commandChannel` decoration is declared there.
import type {} from '../server/src/commands/commands.routes.js';
import { startTelemetry } from '../server/src/ingestion/telemetry-runtime.js';
import { summarizeLatencies } from './harness/latency.js';
import { ms, printTable, runBench } from './harness/report.js';
import { createBenchOwner } from './harness/seed.js';
import { withBenchApp } from './harness/server.js';

const { values: args } = parseArgs({
  options: { dataloggers: { type: 'string', default: '100' } },
});
const DATALOGGERS = Number(args.dataloggers);
// The fleet and the server's own clients all connect from 127.0.0.1.
process.env.MQTT_MAX_CONNECTIONS_PER_ADDRESS ??= String(DATALOGGERS + 20);

runBench(async () => {
  await withBenchApp(async ({ app, deps }) => {
    const telemetry = await startTelemetry(deps, {
      mqttPort: 0,
      clientId: `bench-commands-${randomUUID().slice(0, 8)}`,
      shareGroup: `bench${randomUUID().slice(0, 8)}`,
      sessionExpirySeconds: 60,
    });
    let simulation: LiveSimulation | null = null;
    try {
      await app.commandChannel.start({
        brokerUrl: telemetry.brokerUrl,
        isExternal: telemetry.isExternalBroker,
        ...(telemetry.broker ? telemetry.broker.internal : {}),
      });
      // An installer (company administrator): plant owners may not switch inverters.
      const company = await deps.db
        .insertInto('companies')
        .values({ name: `Bench ${randomUUID().slice(0, 8)}`, logo_url: null, icon_url: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      const installerId = await createBenchOwner(deps, {
        email: `bench-${randomUUID()}@example.com`,
      });
      await deps.db
        .updateTable('users')
        .set({ kind: 'company_admin', company_id: company.id })
        .where('id', '=', installerId)
        .execute();
      const token = await currentAccessToken(deps.db, deps.accessTokens, installerId);
      const plant = await deps.db
        .insertInto('plants')
        .values({
          name: 'Bench plant',
          owner_user_id: installerId,
          company_id: company.id,
          capacity_kwp: 1000,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const fleet = Array.from({ length: DATALOGGERS }, (_, index) => ({
        sn: `BCMD${String(index).padStart(4, '0')}${randomUUID().slice(0, 4)}`,
        key: randomUUID(),
      }));
      await deps.db
        .insertInto('dataloggers')
        .values(fleet.map((dl) => ({ sn: dl.sn, registration_key: dl.key, plant_id: plant.id })))
        .execute();
      simulation = await startLiveSimulation({
        brokerUrl: telemetry.brokerUrl,
        plants: fleet.map((dl, index) => ({
          plant: {
            name: `Bench ${index}`,
            latitude: 48.1,
            longitude: 11.6,
            timeZone: 'UTC',
            seed: index + 1,
            datalogger: dl,
            inverters: [{ sn: `${dl.sn}-INV`, dcKwp: 10, ratedAcKw: 8, strings: 2 }],
            loadScale: 1,
          },
        })),
        intervalSeconds: 3600,
        includeKeyInPayload: telemetry.isExternalBroker,
        hasIncidents: false,
      });
      const deadline = Date.now() + 60_000;
      for (;;) {
        const row = await deps.db
          .selectFrom('devices')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('sn', 'like', 'BCMD%')
          .where('status', '!=', 'offline')
          .executeTakeFirstOrThrow();
        if (Number(row.count) >= DATALOGGERS) break;
        if (Date.now() > deadline) throw new Error('the simulated fleet did not report in time');
        await new Promise((resolve) => setTimeout(resolve, 200));
      }

      const round = async (action: 'shutdown' | 'boot') => {
        const durations: number[] = [];
        const codes = new Map<number, number>();
        const started = performance.now();
        await Promise.all(
          fleet.map(async (dl) => {
            const begin = performance.now();
            const response = await app.inject({
              method: 'POST',
              url: `/api/v1/inverter/${dl.sn}-INV/${action}`,
              headers: { authorization: `Bearer ${token}` },
            });
            durations.push(performance.now() - begin);
            const code = response.json<{ code: number }>().code;
            codes.set(code, (codes.get(code) ?? 0) + 1);
          }),
        );
        const wall = (performance.now() - started) / 1000;
        const summary = summarizeLatencies(durations);
        return [
          action,
          String(summary.count),
          ms(summary.p50),
          ms(summary.p99),
          ms(summary.max),
          wall.toFixed(2),
          [...codes].map(([code, count]) => `${code}×${count}`).join(' '),
        ];
      };
      const rows = [await round('shutdown'), await round('boot')];
      process.stdout.write(
        `notifications ${commandCounters.notifications}, waits ended by the 2 s recheck ${commandCounters.recheckTimeouts}\n`,
      );
      printTable(
        `Command round trip: ${DATALOGGERS} simulated dataloggers, ${DATALOGGERS} concurrent commands per round (${telemetry.isExternalBroker ? 'external broker' : 'embedded broker'})`,
        ['command', 'calls', 'p50 ms', 'p99 ms', 'max ms', 'wall s', 'codes'],
        rows,
      );
    } finally {
      await simulation?.stop();
      await app.commandChannel.stop();
      await telemetry.stop();
    }
  });
});
