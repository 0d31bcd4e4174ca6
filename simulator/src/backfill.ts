import type { DataloggerRecord } from '@solar/contract';
import type { DataloggerLink } from './datalogger-link.js';
import type { PlantSimulator } from './plant-simulator.js';

export const BACKFILL_STEP_SECONDS = 300;

/**
 * The records of [from, to) every `stepSeconds`, grouped by `batchSize`; instants inside the
 * datalogger's offline periods are missing, as they would be from a real one.
 */
export function* historyBatches(
  simulator: PlantSimulator,
  from: Date,
  to: Date,
  stepSeconds = BACKFILL_STEP_SECONDS,
  batchSize = 288,
): Generator<DataloggerRecord[]> {
  const stepMs = stepSeconds * 1000;
  let batch: DataloggerRecord[] = [];
  for (let t = Math.ceil(from.getTime() / stepMs) * stepMs; t < to.getTime(); t += stepMs) {
    const at = new Date(t);
    const record = simulator.step(at, stepSeconds);
    if (simulator.isOffline(at, stepSeconds)) continue;
    batch.push(record);
    if (batch.length >= batchSize) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/** Publishes `days` of history over MQTT in batches (QoS 1) and waits for the server's acks. */
export async function backfillOverMqtt(
  simulator: PlantSimulator,
  link: DataloggerLink,
  days: number,
  now = new Date(),
): Promise<{ records: number; isComplete: boolean }> {
  let records = 0;
  const from = new Date(now.getTime() - days * 86_400_000);
  for (const batch of historyBatches(simulator, from, now)) {
    await link.send(batch);
    records += batch.length;
  }
  const isComplete = await link.drained(Math.max(60_000, days * 10_000));
  return { records, isComplete };
}
