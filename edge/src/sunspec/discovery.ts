import type { RegisterBus } from '../modbus/modbus-bus.js';

/** Where a SunSpec map may start: the `SunS` marker is looked for at these addresses in turn. */
export const SUNSPEC_BASE_ADDRESSES = [40_000, 0, 50_000] as const;
const SUNS_MARKER = [0x5375, 0x6e53] as const;
const END_OF_MODELS = 0xffff;
/** A chain longer than this is a device answering garbage, not a SunSpec map. */
const MAX_MODELS = 64;

/** One model of a device's chain: its id, the address of its `ID` register, and its length L. */
export interface ModelLocation {
  id: number;
  address: number;
  length: number;
}

async function sunSpecBase(bus: RegisterBus, unitId: number): Promise<number | null> {
  for (const base of SUNSPEC_BASE_ADDRESSES) {
    const marker = await bus.read(unitId, base, 2).catch(() => null);
    if (marker?.[0] === SUNS_MARKER[0] && marker[1] === SUNS_MARKER[1]) return base;
  }
  return null;
}

/**
 * The model chain of the SunSpec device at a unit id: after the marker, each model's `ID` and
 * `L` registers, then the next model right after its L registers, until the end marker
 * (0xFFFF). Null when the unit has no SunSpec map.
 */
export async function discoverModels(
  bus: RegisterBus,
  unitId: number,
): Promise<ModelLocation[] | null> {
  const base = await sunSpecBase(bus, unitId);
  if (base === null) return null;
  const models: ModelLocation[] = [];
  let address = base + SUNS_MARKER.length;
  while (models.length < MAX_MODELS && address + 2 <= 0x10000) {
    const [id = END_OF_MODELS, length = 0] = await bus.read(unitId, address, 2);
    if (id === END_OF_MODELS) return models;
    models.push({ id, address, length });
    address += 2 + length;
  }
  throw new Error(`unit ${unitId}: the SunSpec model chain has no end marker`);
}
