import { z } from 'zod';
import { defineEndpoint, requires } from '../http/endpoint.js';
import { amountsByCurrency, PLANT_STATUSES } from '../plants/schemas.js';

/** One plant on the dashboard: figures of now, today and this month, and today's curve. */
export const portfolioPlant = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(PLANT_STATUSES),
  capacityKwp: z.number(),
  pictureUrl: z.string().nullable(),
  timeZone: z.string(),
  /** Null where the plant has no position yet: the dashboard's map leaves it out. */
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  powerW: z.number(),
  todayKwh: z.number(),
  monthKwh: z.number(),
  /** kWh per kWp; null without capacity. */
  todayYield: z.number().nullable(),
  monthYield: z.number().nullable(),
  /** Mean power (W) of each plant-local hour of today so far, 0 to 23. */
  hourlyPowerW: z.array(z.number()),
});
export type PortfolioPlant = z.infer<typeof portfolioPlant>;

export const portfolio = defineEndpoint({
  method: 'GET',
  path: '/api/v1/portfolio',
  summary: 'Fleet totals, plants by status, open alarms by level and every visible plant',
  tag: 'overview',
  access: requires('station.view'),
  data: z.object({
    totals: z.object({
      plantCount: z.number().int(),
      capacityKwp: z.number(),
      powerW: z.number(),
      todayKwh: z.number(),
      monthKwh: z.number(),
      /** This plant-local year's energy. */
      yearKwh: z.number(),
      /** Including every plant's cumulative generation offset. */
      lifetimeKwh: z.number(),
      co2Kg: z.number(),
      /** Lifetime income per currency: plants of one fleet may bill in different ones. */
      incomes: amountsByCurrency(),
    }),
    statusCounts: z.record(z.enum(PLANT_STATUSES), z.number().int()),
    /** Open events by level letter (P, W, F). */
    openAlarms: z.object({ P: z.number().int(), W: z.number().int(), F: z.number().int() }),
    plants: z.array(portfolioPlant),
  }),
});
