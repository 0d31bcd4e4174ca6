export { backfillOverMqtt, BACKFILL_STEP_SECONDS, historyBatches } from './backfill.js';
export { DataloggerLink, type LinkOptions } from './datalogger-link.js';
export {
  type LiveSimulation,
  type LiveSimulationOptions,
  startLiveSimulation,
} from './live-simulation.js';
export {
  type PlantCounters,
  type SimulatedPlant,
  type SimulatedPlantInput,
  simulatedPlant,
} from './plant-config.js';
export { inverterEfficiency, PlantSimulator, type SimulatorOptions } from './plant-simulator.js';
export { type PlantWithCounters, plantsFromFleet, UNBOUND_LOCATION } from './plants-from-fleet.js';
export { ipcFleetSource } from './ipc-fleet-source.js';
export { type PortalFeed, type PortalFeedOptions, startPortalFeed } from './portal-feed.js';
export {
  CommandResponder,
  type CommandOutcome,
  factorySettings,
  type ResponderOptions,
} from './command-responder.js';
export {
  runFirmwareUpdate,
  type UpdaterOptions,
  type UpgradeJob,
  upgradeJob,
} from './firmware-updater.js';
export { normalYieldKwhPerKwp } from './climate.js';
export { type SiteDay, siteEnergyByDay } from './site-balance.js';
export { ONE_WAY_EFFICIENCY, StorageUnit } from './storage-unit.js';
export { SUNSPEC_DEMO_COUNTERS, SUNSPEC_DEMO_SITE } from './sunspec/demo-site.js';
export { type SunSpecServer, startSunSpecServer } from './sunspec/sunspec-server.js';
export { SunSpecSite, type SunSpecSiteOptions } from './sunspec/sunspec-site.js';
