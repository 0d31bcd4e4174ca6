import { randomUUID } from 'node:crypto';
import {
  type LiveSimulation,
  type LiveSimulationOptions,
  startLiveSimulation,
} from '@solar/simulator';
import { startTelemetry, type Telemetry } from '../ingestion/telemetry-runtime.js';
import { afterFile } from './file-teardown.js';
import type { TestApp } from './test-app.js';

type SimulatedPlant = LiveSimulationOptions['plants'][number]['plant'];
type SimulationExtras = Omit<LiveSimulationOptions, 'brokerUrl' | 'plants'>;

/** The device side of a test file: its telemetry and the simulator's dataloggers on it. */
export interface LiveDevices {
  telemetry: Telemetry;
  /**
   * Feeds these plants from the simulator's dataloggers (an hour between records, no
   * incidents, unless `extras` say otherwise). Stopped after the file.
   */
  simulate(plants: SimulatedPlant[], extras?: SimulationExtras): Promise<LiveSimulation>;
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
    ...(telemetry.broker ? telemetry.broker.internal : {}),
  });
  const simulations: LiveSimulation[] = [];
  afterFile(async () => {
    for (const simulation of simulations) await simulation.stop();
    await t.app.commandChannel.stop();
    await telemetry.stop();
  });
  return {
    telemetry,
    async simulate(plants, extras = {}) {
      const simulation = await startLiveSimulation({
        brokerUrl: telemetry.brokerUrl,
        plants: plants.map((plant) => ({ plant })),
        intervalSeconds: 3600,
        includeKeyInPayload: telemetry.isExternalBroker,
        hasIncidents: false,
        ...extras,
      });
      simulations.push(simulation);
      return simulation;
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
