import type { PlantCounters } from '../plant-config.js';
import { simulatedPlant } from '../plant-config.js';

/**
 * The site the simulator serves as SunSpec devices (`--sunspec-port`): an 8 kWp roof in
 * Stuttgart on a 7 kW inverter with two MPPT strings, a grid meter and a 10 kWh battery. The
 * datalogger is the edge agent that reads them (edge/examples/demo.json).
 */
export const SUNSPEC_DEMO_SITE = simulatedPlant.parse({
  name: 'SunSpec demo site',
  latitude: 48.7758,
  longitude: 9.1829,
  timeZone: 'Europe/Berlin',
  seed: 37,
  datalogger: { sn: 'DEMOEDGE01', key: 'EDGEKEY01' },
  inverters: [{ sn: 'SUNSPECINV01', model: 'SIM-PV-7K', dcKwp: 8, ratedAcKw: 7, strings: 2 }],
  meter: { sn: 'SUNSPECMET01', model: 'SIM-METER-3P' },
  battery: { sn: 'SUNSPECBAT01', model: 'SIM-BAT-10', capacityKwh: 10, maxPowerKw: 5 },
});

/** Counters of a site a few years old, so its accumulators read as a real device's do. */
export const SUNSPEC_DEMO_COUNTERS: PlantCounters = {
  inverterTotalsKwh: { SUNSPECINV01: 21_480 },
  importKwh: 6_912,
  exportKwh: 11_305,
  socPct: 60,
};
