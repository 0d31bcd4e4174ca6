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

/** Publishes the history of [from, now) over MQTT in batches (QoS 1) and waits for the server's acks. */
export async function backfillOverMqtt(
  simulator: PlantSimulator,
  link: DataloggerLink,
  from: Date,
  now = new Date(),
): Promise<{ records: number; isComplete: boolean }> {
  let records = 0;
  for (const batch of historyBatches(simulator, from, now)) {
    await link.send(batch);
    records += batch.length;
  }
  const days = (now.getTime() - from.getTime()) / 86_400_000;
  const isComplete = await link.drained(Math.max(60_000, days * 10_000));
  return { records, isComplete };
}
