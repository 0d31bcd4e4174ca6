import { serialNumber } from '@solar/contract';
import { z } from 'zod';
import type { StorageCounters } from './storage-unit.js';

/** What the simulator needs to know about one plant and its datalogger. */
export const simulatedPlant = z.object({
  name: z.string().default('Simulated plant'),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  timeZone: z.string().default('UTC'),
  /** Seeds weather, loads and faults, so runs are reproducible. */
  seed: z.number().int().default(1),
  datalogger: z.object({ sn: serialNumber, key: z.string().min(1) }),
  inverters: z
    .array(
      z.object({
        sn: serialNumber,
        model: z.string().optional(),
        dcKwp: z.number().positive(),
        ratedAcKw: z.number().positive(),
        strings: z.number().int().min(1).max(8).default(2),
      }),
    )
    .min(1),
  meter: z.object({ sn: serialNumber, model: z.string().optional() }).optional(),
  battery: z
    .object({
      sn: serialNumber,
      model: z.string().optional(),
      capacityKwh: z.number().positive(),
      maxPowerKw: z.number().positive(),
    })
    .optional(),
  weather: z.object({ sn: serialNumber, model: z.string().optional() }).optional(),
  /** Combiner boxes: `weakString` (1-based) is a soiled or half-broken string at ~55 %. */
  boxes: z
    .array(
      z.object({
        sn: serialNumber,
        strings: z.number().int().min(1).max(32).default(8),
        weakString: z.number().int().min(1).optional(),
      }),
    )
    .optional(),
  heatPumps: z.array(z.object({ sn: serialNumber, ratedKw: z.number().positive() })).optional(),
  storageSystems: z
    .array(
      z.object({
        sn: serialNumber,
        capacityKwh: z.number().positive(),
        maxPowerKw: z.number().positive(),
      }),
    )
    .optional(),
  /** Smart and AC switches with the load each one switches. */
  switches: z
    .array(z.object({ sn: serialNumber, loadW: z.number().positive().default(1500) }))
    .optional(),
  /** An energy-management device limiting the plant's export. */
  epm: z.object({ sn: serialNumber }).optional(),
  /** Household (or business) consumption scale: 1 is a family home (~10 kWh/day). */
  loadScale: z.number().positive().default(1),
});
export type SimulatedPlant = z.infer<typeof simulatedPlant>;
export type SimulatedPlantInput = z.input<typeof simulatedPlant>;

/** Counters and battery charge to continue from (for example the last values in the database). */
export interface PlantCounters {
  inverterTotalsKwh?: Record<string, number>;
  inverterTodayKwh?: Record<string, { localDate: string; kwh: number }>;
  importKwh?: number;
  exportKwh?: number;
  chargeKwh?: number;
  dischargeKwh?: number;
  socPct?: number;
  heatPumpTotalsKwh?: Record<string, number>;
  storageSystems?: Record<string, StorageCounters>;
}
