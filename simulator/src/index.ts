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
export {
  loadPlantsFromDatabase,
  type PlantDeviceRow,
  type PlantWithCounters,
  plantsFromRows,
  UNBOUND_LOCATION,
} from './plants-from-database.js';
export { type PortalFeed, type PortalFeedOptions, startPortalFeed } from './portal-feed.js';
export {
  CommandResponder,
  type CommandOutcome,
  factorySettings,
  type ResponderOptions,
} from './command-responder.js';
export {
  parseUpgradeFailures,
  runFirmwareUpdate,
  UPGRADE_FAILURE_MODES,
  type UpgradeFailures,
  type UpdaterOptions,
  type UpgradeFailureMode,
  type UpgradeJob,
  upgradeJob,
} from './firmware-updater.js';
export { normalYieldKwhPerKwp } from './climate.js';
