import { randomUUID } from 'node:crypto';
import {
  type LiveSimulation,
  type LiveSimulationOptions,
  startLiveSimulation,
} from '@solar/simulator';
import { startTelemetry, type Telemetry } from '../ingestion/telemetry-runtime.js';
import { afterFile } from './file-teardown.js';
import { buildDatalogger, buildPlant } from './fixtures/plants.factories.js';
import type { TestApp } from './test-app.js';

type SimulatedPlant = LiveSimulationOptions['plants'][number]['plant'];
type SimulationExtras = Omit<LiveSimulationOptions, 'brokerUrl' | 'plants'>;

/** A company and its administrator, who owns the company's plants. */
interface PlantOwner {
  company: { id: number };
  admin: { id: number };
}

/** The device side of a test file: its telemetry and the simulator's dataloggers on it. */
export interface LiveDevices {
  telemetry: Telemetry;
  /**
   * Feeds these plants from the simulator's dataloggers (an hour between records, no
   * incidents, unless `extras` say otherwise). Stopped after the file.
   */
  simulate(plants: SimulatedPlant[], extras?: SimulationExtras): Promise<LiveSimulation>;
  /**
   * A new plant of `owner`'s company in Berlin's time zone with the datalogger `dataloggerSn`,
   * fed from Munich as `plant` describes it; answers the plant's id.
   */
  simulateBerlinPlant(
    owner: PlantOwner,
    dataloggerSn: string,
    plant: Omit<SimulatedPlant, 'latitude' | 'longitude' | 'timeZone' | 'datalogger'>,
  ): Promise<number>;
}

/**
 * Telemetry on the app of `t` (the embedded broker, or the external one of `MQTT_URL` when the
 * app was built with it) and the app's command channel on it, stopped after the file. `name`
 * keeps the file's broker client apart from the other files'.
 */
export async function connectLiveDevices(t: TestApp, name: string): Promise<LiveDevices> {
  const suffix = randomUUID().slice(0, 8);
  const telemetry = await startTelemetry(t.deps, {
    mqttPort: 0,
    clientId: `test-${name}-${suffix}`,
    shareGroup: `${name}${suffix}`,
    sessionExpirySeconds: 120,
  });
  await t.app.commandChannel.start({
    brokerUrl: telemetry.brokerUrl,
    isExternal: telemetry.isExternalBroker,
    requiresPayloadKey: telemetry.requiresPayloadKey,
    ...(telemetry.broker ? telemetry.broker.internal : {}),
  });
  const simulations: LiveSimulation[] = [];
  afterFile(async () => {
    for (const simulation of simulations) await simulation.stop();
    await t.app.commandChannel.stop();
    await telemetry.stop();
  });
  async function simulate(plants: SimulatedPlant[], extras: SimulationExtras = {}) {
    const simulation = await startLiveSimulation({
      brokerUrl: telemetry.brokerUrl,
      plants: plants.map((plant) => ({ plant })),
      intervalSeconds: 3600,
      includeKeyInPayload: telemetry.requiresPayloadKey,
      hasIncidents: false,
      ...extras,
    });
    simulations.push(simulation);
    return simulation;
  }
  return {
    telemetry,
    simulate,
    async simulateBerlinPlant(owner, dataloggerSn, plant) {
      const timeZone = 'Europe/Berlin';
      const { id } = await buildPlant(t.deps, owner.admin.id, {
        company_id: owner.company.id,
        time_zone: timeZone,
      });
      const key = randomUUID();
      await buildDatalogger(t.deps, { plantId: id, sn: dataloggerSn, key });
      const datalogger = { sn: dataloggerSn, key };
      await simulate([{ ...plant, latitude: 48.1, longitude: 11.6, timeZone, datalogger }]);
      return id;
    },
  };
}

/** Waits until `check` holds, looking every `stepMs`; fails after `timeoutMs`. */
export async function until(
  check: () => Promise<boolean>,
  timeoutMs = 20_000,
  stepMs = 100,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, stepMs));
  }
}
