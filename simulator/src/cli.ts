import { parseUpgradeFailures, UPGRADE_FAILURE_MODES, type UpgradeFailures } from '@solar/contract';
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { backfillOverMqtt } from './backfill.js';
import { DataloggerLink } from './datalogger-link.js';
import { startLiveSimulation } from './live-simulation.js';
import { simulatedPlant } from './plant-config.js';
import { PlantSimulator } from './plant-simulator.js';
import { ipcFleetSource } from './ipc-fleet-source.js';
import { startPortalFeed } from './portal-feed.js';
import { SUNSPEC_DEMO_COUNTERS, SUNSPEC_DEMO_SITE } from './sunspec/demo-site.js';
import { startSunSpecServer } from './sunspec/sunspec-server.js';
import { SunSpecSite } from './sunspec/sunspec-site.js';

const USAGE = `Usage: npm run sim -- (--plants plants.json | --portal | --sunspec-port <port>) [options]

  --plants <file>        JSON array of plants (env SIM_PLANTS); see simulator/src/plant-config.ts
  --portal               started by the portal (embedded mode): feed every datalogger it hands
                         over its IPC channel: keys and counters from the portal, the backlog
                         since each one's last reading first, dataloggers added in the portal
                         from the next poll
  --broker <url>         MQTT broker (env MQTT_URL, default mqtt://127.0.0.1:1883)
  --interval <seconds>   seconds between live records (env SIM_INTERVAL, default 60)
  --backfill-days <n>    with --plants: first publish n days of 5-minute history, then go live
  --no-live              with --plants: stop after the backfill
  --include-key          put the registration key in every payload (external brokers)
  --calm                 no random faults, warnings or outages, no dropped commands
  --command-drop-rate <r> share of commands left unanswered, 0 to 1 (default 0.02; 0 with --calm)
  --upgrade-failures <list> devices that fail their firmware upgrades, as SN=mode[,SN=mode]
                         (env SIM_UPGRADE_FAILURES); modes: ${UPGRADE_FAILURE_MODES.join(', ')}
  --leave-out-prefix <p> with --portal: leave dataloggers whose SN starts with p to
                         another simulator
  --sunspec-port <port>  serve a demo site as SunSpec devices over Modbus TCP instead (unit 1
                         inverter, 2 meter, 3 battery), for the edge agent (docs/edge.md)
  --sunspec-host <host>  address to listen on with --sunspec-port (default 127.0.0.1)
`;

/** The share of commands a datalogger leaves unanswered, so the portal's timeouts happen. */
function commandDropRate(values: Options): number {
  if (values.calm && values['command-drop-rate'] === undefined) return 0;
  const rate = Number(values['command-drop-rate'] ?? '0.02');
  if (!Number.isFinite(rate) || rate < 0 || rate > 1) {
    process.stderr.write('--command-drop-rate must be a number from 0 to 1\n');
    process.exit(2);
  }
  return rate;
}

/** The devices told to fail their upgrades; a malformed list ends the simulator. */
function upgradeFailures(values: Options): UpgradeFailures {
  try {
    return parseUpgradeFailures(values['upgrade-failures'] ?? '');
  } catch (error) {
    process.stderr.write(`--upgrade-failures: ${(error as Error).message}\n`);
    process.exit(2);
  }
}

function log(details: object, message: string): void {
  process.stdout.write(`${new Date().toISOString()} ${message} ${JSON.stringify(details)}\n`);
}

type Options = ReturnType<typeof parseOptions>;

function parseOptions() {
  return parseArgs({
    options: {
      plants: { type: 'string', default: process.env.SIM_PLANTS },
      portal: { type: 'boolean', default: false },
      broker: { type: 'string', default: process.env.MQTT_URL ?? 'mqtt://127.0.0.1:1883' },
      interval: { type: 'string', default: process.env.SIM_INTERVAL ?? '60' },
      'backfill-days': { type: 'string', default: '0' },
      'no-live': { type: 'boolean', default: false },
      'include-key': { type: 'boolean', default: false },
      calm: { type: 'boolean', default: false },
      'command-drop-rate': { type: 'string' },
      'upgrade-failures': { type: 'string', default: process.env.SIM_UPGRADE_FAILURES },
      'leave-out-prefix': { type: 'string', default: '' },
      'sunspec-port': { type: 'string' },
      'sunspec-host': { type: 'string', default: '127.0.0.1' },
      help: { type: 'boolean', default: false },
    },
  }).values;
}

/** The plants of a JSON file: optional history first, then live records. */
async function feedPlantsFile(file: string, values: Options): Promise<{ stop(): Promise<void> }> {
  const plants = z.array(simulatedPlant).parse(JSON.parse(await readFile(file, 'utf8')));
  log({ plants: plants.length }, 'plants loaded');
  const brokerUrl = values.broker;
  const includeKeyInPayload = values['include-key'];
  const backfillDays = Number(values['backfill-days']);
  if (backfillDays > 0) {
    for (const plant of plants) {
      const link = new DataloggerLink({
        brokerUrl,
        sn: plant.datalogger.sn,
        key: plant.datalogger.key,
        includeKeyInPayload,
      });
      await link.connect();
      const started = Date.now();
      const result = await backfillOverMqtt(
        new PlantSimulator(plant, { hasIncidents: !values.calm }),
        link,
        new Date(started - backfillDays * 86_400_000),
      );
      log(
        { datalogger: plant.datalogger.sn, ...result, seconds: (Date.now() - started) / 1000 },
        'backfill done',
      );
      await link.close();
    }
  }
  if (values['no-live']) return { stop: async () => undefined };
  return startLiveSimulation({
    brokerUrl,
    plants: plants.map((plant) => ({ plant })),
    intervalSeconds: Number(values.interval),
    includeKeyInPayload,
    hasIncidents: !values.calm,
    commandDropRate: commandDropRate(values),
    upgradeFailures: upgradeFailures(values),
    logger: { info: log, warn: log },
  });
}

/** The demo site as SunSpec devices on a Modbus TCP port, until stopped. */
async function serveSunSpecSite(values: Options): Promise<{ stop(): Promise<void> }> {
  const port = Number(values['sunspec-port']);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) {
    process.stderr.write('--sunspec-port must be a port number from 1 to 65535\n');
    process.exit(2);
  }
  const site = new SunSpecSite(SUNSPEC_DEMO_SITE, {
    hasIncidents: !values.calm,
    counters: SUNSPEC_DEMO_COUNTERS,
  });
  const server = await startSunSpecServer(site, { host: values['sunspec-host'], port });
  log(
    { modbus: `tcp://${values['sunspec-host']}:${port}`, units: site.units },
    'serving SunSpec devices',
  );
  return { stop: () => server.close() };
}

async function main(): Promise<void> {
  const values = parseOptions();
  if (values.help || (!values.plants && !values.portal && !values['sunspec-port'])) {
    process.stdout.write(USAGE);
    process.exit(values.help ? 0 : 2);
  }
  // Started by the portal (embedded mode): end with it, even when it was killed.
  process.on('disconnect', () => process.exit(0));
  const feed = values['sunspec-port']
    ? await serveSunSpecSite(values)
    : values.plants
      ? await feedPlantsFile(values.plants, values)
      : await startPortalFeed({
          fleet: ipcFleetSource(),
          brokerUrl: values.broker,
          intervalSeconds: Number(values.interval),
          includeKeyInPayload: values['include-key'],
          hasIncidents: !values.calm,
          commandDropRate: commandDropRate(values),
          upgradeFailures: upgradeFailures(values),
          leaveOutPrefix: values['leave-out-prefix'],
          logger: { info: log, warn: log },
        });
  if (values['no-live']) return;
  const stop = () => {
    feed.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Simulator failed: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
