import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { backfillOverMqtt } from './backfill.js';
import { DataloggerLink } from './datalogger-link.js';
import { startLiveSimulation } from './live-simulation.js';
import { simulatedPlant } from './plant-config.js';
import { PlantSimulator } from './plant-simulator.js';
import { loadPlantsFromDatabase, type PlantWithCounters } from './plants-from-database.js';

const USAGE = `Usage: npm run sim -- (--plants plants.json | --database-url postgres://…) [options]

  --plants <file>        JSON array of plants (env SIM_PLANTS); see simulator/src/plant-config.ts
  --database-url <url>   read the plants, dataloggers and keys from the portal's database
                         (env DATABASE_URL); counters continue from the last stored values
  --broker <url>         MQTT broker (env MQTT_URL, default mqtt://127.0.0.1:1883)
  --interval <seconds>   seconds between live records (env SIM_INTERVAL, default 60)
  --backfill-days <n>    first publish n days of 5-minute history in batches, then go live
  --no-live              stop after the backfill
  --include-key          put the registration key in every payload (external brokers)
  --calm                 no random faults, warnings or outages
`;

function log(details: object, message: string): void {
  process.stdout.write(`${new Date().toISOString()} ${message} ${JSON.stringify(details)}\n`);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      plants: { type: 'string', default: process.env.SIM_PLANTS },
      'database-url': { type: 'string', default: process.env.DATABASE_URL },
      broker: { type: 'string', default: process.env.MQTT_URL ?? 'mqtt://127.0.0.1:1883' },
      interval: { type: 'string', default: process.env.SIM_INTERVAL ?? '60' },
      'backfill-days': { type: 'string', default: '0' },
      'no-live': { type: 'boolean', default: false },
      'include-key': { type: 'boolean', default: false },
      calm: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  const databaseUrl = values['database-url'];
  if (values.help || (!values.plants && !databaseUrl)) {
    process.stdout.write(USAGE);
    process.exit(values.help ? 0 : 2);
  }
  const sources: PlantWithCounters[] = values.plants
    ? z
        .array(simulatedPlant)
        .parse(JSON.parse(await readFile(values.plants, 'utf8')))
        .map((plant) => ({ plant, counters: {} }))
    : await loadPlantsFromDatabase(databaseUrl!);
  const plants = sources.map((source) => source.plant);
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
        backfillDays,
      );
      log(
        { datalogger: plant.datalogger.sn, ...result, seconds: (Date.now() - started) / 1000 },
        'backfill done',
      );
      await link.close();
    }
  }
  if (values['no-live']) return;
  const simulation = await startLiveSimulation({
    brokerUrl,
    plants: sources,
    intervalSeconds: Number(values.interval),
    includeKeyInPayload,
    hasIncidents: !values.calm,
    logger: { info: log, warn: log },
  });
  const stop = () => {
    simulation.stop().then(
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
