import { z } from 'zod';
import { ErrorCode } from '../errors/codes.js';
import { defineEndpoint, requires } from '../http/endpoint.js';
import { plantDevices } from '../plants/endpoints.js';
import * as rules from '../validation/rules.js';
import {
  plantEnergyFlow,
  plantEnvironmental,
  plantEventCount,
  plantGenerationUse,
  plantIncomeTotal,
  plantRealtime,
} from './endpoints.js';

/**
 * Marks of the parts the live answer does not carry: when one moves, the web asks for that part
 * again (the day's curve and the period bars, the event list); while it stays, nothing is asked.
 */
export const liveChanges = z.object({
  /** Start of the last five-minute bucket of today with any power reading, ISO 8601. */
  lastPowerBucket: z.string().nullable(),
  /** The latest start or end of an event of the plant, ISO 8601. */
  lastEventChange: z.string().nullable(),
});

/**
 * Everything the overview shows live, in one conditional GET per poll: the figures, the flow,
 * today's generation use, the lifetime income and savings, the event counts and the devices.
 */
export const plantLive = defineEndpoint({
  method: 'GET',
  path: '/api/v1/plant/:id/live',
  summary: 'The live part of the plant overview in one answer, polled with If-None-Match',
  tag: 'overview',
  access: requires('station.view'),
  params: z.strictObject({ id: rules.id }),
  data: z.object({
    realtime: plantRealtime.data,
    /** Highest PV power of the plant-local day so far, W. */
    peakPowerTodayW: z.number(),
    energyFlow: plantEnergyFlow.data,
    generationToday: plantGenerationUse.data,
    incomeTotal: plantIncomeTotal.data,
    environmental: plantEnvironmental.data,
    eventCount: plantEventCount.data,
    devices: plantDevices.data,
    changes: liveChanges,
  }),
  tolerated: [ErrorCode.plantNotFound],
});
