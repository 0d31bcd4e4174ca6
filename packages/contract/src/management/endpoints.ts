import { z } from 'zod';
import { ErrorCode } from '../errors/codes.js';
import { defineEndpoint, pageOf, requires } from '../http/endpoint.js';
import * as rules from '../validation/rules.js';

/**
 * The datalogger stock of system management: the factory register of every datalogger (SN,
 * key, model, hardware), who holds each (company, plant), and the forced unbind with a reason.
 * Importing into the register is the gateway import, which registers for a platform administrator.
 */
const TAG = 'management';

export const stockDatalogger = z.object({
  id: z.number().int(),
  sn: z.string(),
  model: z.string().nullable(),
  hardwareVersion: z.string().nullable(),
  softwareVersion: z.string().nullable(),
  plantId: z.number().int().nullable(),
  plantName: z.string().nullable(),
  companyId: z.number().int().nullable(),
  companyName: z.string().nullable(),
  ownerEmail: z.string().nullable(),
  lastOnlineAt: z.string().nullable(),
  lastUnbindReason: z.string().nullable(),
  createdAt: z.string(),
});
export type StockDatalogger = z.infer<typeof stockDatalogger>;

export const listStockDataloggers = defineEndpoint({
  method: 'GET',
  path: '/api/v1/management/dataloggers',
  summary: 'The datalogger register with each holder, searchable by SN, model, company or plant',
  tag: TAG,
  access: requires('sys.gateway.view'),
  query: z.object({ ...rules.paging, keyword: rules.text(64).optional() }),
  data: pageOf(stockDatalogger),
});

export const registerStockDatalogger = defineEndpoint({
  method: 'POST',
  path: '/api/v1/management/dataloggers',
  summary: 'Register one datalogger from the factory (301 when the SN is registered already)',
  tag: TAG,
  access: requires('sys.gateway.edit'),
  encoding: 'form',
  body: z.strictObject({
    sn: rules.serialNumber,
    key: rules.serialNumber,
    model: rules.text(40).optional(),
    hardwareVersion: rules.text(40).optional(),
  }),
  data: stockDatalogger,
  tolerated: [ErrorCode.dataloggerInUse],
});

export const unbindStockDatalogger = defineEndpoint({
  method: 'POST',
  path: '/api/v1/management/dataloggers/:sn/unbind',
  summary:
    'Take a datalogger from its plant and holder by force; the reason is kept (305 unknown SN)',
  tag: TAG,
  access: requires('sys.gateway.edit'),
  encoding: 'form',
  params: z.object({ sn: rules.serialNumber }),
  body: z.strictObject({
    reason: rules.text(200).min(1, 'validation.required'),
  }),
  data: stockDatalogger,
  tolerated: [ErrorCode.dataloggerNotFound],
});
