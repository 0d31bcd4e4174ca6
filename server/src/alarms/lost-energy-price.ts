import type { Db } from '../db/database.js';
import { meanSegmentPrice } from '../overview/income.js';
import { storedGenerationTiers, storedPriceSegments } from '../plants/plants.presenter.js';
import type { Row } from '../db/schema.js';

type PlantTariff = Pick<
  Row<'plants'>,
  'id' | 'valuation_method' | 'constant_price' | 'tou_segments' | 'generation_tiers'
>;

/**
 * What one lost kWh would have earned, in the plant's currency: the constant price; under time
 * of use the segments' mean over the day (a loss has no one time of day); under generation
 * tiers the price of the tier the plant's lifetime generation has reached, the next kWh's.
 */
export async function lostKwhPrice(db: Db, plant: PlantTariff): Promise<number> {
  switch (plant.valuation_method) {
    case 'constant':
      return Number(plant.constant_price);
    case 'time_of_use':
      return meanSegmentPrice(storedPriceSegments(plant.tou_segments));
    case 'generation': {
      const tiers = storedGenerationTiers(plant.generation_tiers);
      const lifetime = await lifetimeGenerationKwh(db, plant.id);
      const reached = tiers.filter((tier) => tier.fromKwh <= lifetime);
      return reached.at(-1)?.price ?? tiers[0]?.price ?? 0;
    }
  }
}

async function lifetimeGenerationKwh(db: Db, plantId: number): Promise<number> {
  const row = await db
    .selectFrom('energy_daily')
    .innerJoin('devices', 'devices.id', 'energy_daily.device_id')
    .innerJoin('dataloggers', 'dataloggers.id', 'devices.datalogger_id')
    .where('dataloggers.plant_id', '=', plantId)
    .where('devices.kind', '=', 'inverter')
    .select((eb) =>
      eb.fn.coalesce(eb.fn.sum<number>('energy_daily.energy_kwh'), eb.lit(0)).as('kwh'),
    )
    .executeTakeFirstOrThrow();
  return Number(row.kwh);
}
