import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { AppDeps } from '../app-deps.js';
import { buildDatalogger, buildDevice } from '../plants/plants.factories.js';

/** An inverter of `modelCode` behind a datalogger on `plantId` (null: bound to no plant). */
export async function buildInverter(
  deps: AppDeps,
  plantId: number | null,
  modelCode: string | null,
) {
  const datalogger = await buildDatalogger(deps, { plantId });
  return buildDevice(deps, datalogger.id, { kind: 'inverter', modelCode });
}

/** The contract's SunSpec model 123 fixture, as an importer would upload it. */
export function sunspecModel123(): unknown {
  const contractSrc = path.dirname(createRequire(import.meta.url).resolve('@solar/contract'));
  const file = path.join(contractSrc, 'register-maps/fixtures/sunspec-model-123.json');
  return JSON.parse(readFileSync(file, 'utf8'));
}
