import type { Row } from '../db/schema.js';
import type { Plants } from '../db/tables.generated.js';

export type PlantsTable = Plants;
export type PlantRow = Row<'plants'>;
export type PlantType = PlantRow['plant_type'];
