import { z } from 'zod';
import { ErrorCode } from '../errors/codes.js';
import { defineEndpoint, pageOf, requires } from '../http/endpoint.js';
import type { Permission } from '../permissions/tree.js';
import { serialNumber } from '../ingestion/payload.js';
import * as rules from '../validation/rules.js';
import { registerMap, registerMapSummary, settingsFamily } from './map.js';
import { sunspecModel } from './sunspec.js';

/** Maps drive writes to every company's inverters of the family: platform administrators only. */
export const REGISTER_MAP_IMPORT = 'sys.registerMap.import' satisfies Permission;

export const listRegisterMaps = defineEndpoint({
  method: 'GET',
  path: '/api/v1/register-maps',
  summary: 'Every register map version, built-in and imported; the newest of a family is in use',
  tag: 'register-maps',
  access: requires('inverter.setting'),
  query: z.object({ ...rules.paging, family: settingsFamily.optional() }),
  data: pageOf(registerMapSummary),
});

export const getRegisterMap = defineEndpoint({
  method: 'GET',
  path: '/api/v1/register-maps/:family',
  summary: 'The register map a model family uses now (its newest version)',
  tag: 'register-maps',
  access: requires('inverter.setting'),
  params: z.object({ family: settingsFamily }),
  data: registerMap,
  tolerated: [ErrorCode.brandParameterUnsupported],
});

export const importRegisterMap = defineEndpoint({
  method: 'POST',
  path: '/api/v1/register-maps/import',
  summary: 'Import a SunSpec model description as the newest register map of a family',
  tag: 'register-maps',
  access: requires(REGISTER_MAP_IMPORT),
  encoding: 'json',
  body: z.strictObject({
    family: settingsFamily,
    model: sunspecModel,
    /** The register of the model's `ID` point on the devices of this family. */
    baseAddress: z.number().int().min(0).max(65000).default(40002),
    /** Values the devices report for the model's scale-factor points. */
    scaleFactors: z.record(z.string().max(64), z.number().int().min(-10).max(10)).optional(),
    phases: z.union([z.literal(1), z.literal(3)]).optional(),
    name: rules.text(200).optional(),
  }),
  data: z.object({ map: registerMapSummary, warnings: z.array(z.string()) }),
});

export const importRegisterMapFromProtocol = defineEndpoint({
  method: 'POST',
  path: '/api/v1/register-maps/import-protocol',
  summary:
    "Import an enabled Modbus device protocol's columns as the newest register map of a family; " +
    '4 names each column that cannot be a setting, and nothing is stored then',
  tag: 'register-maps',
  access: requires(REGISTER_MAP_IMPORT),
  encoding: 'json',
  body: z.strictObject({
    family: settingsFamily,
    protocolId: rules.id,
    phases: z.union([z.literal(1), z.literal(3)]).optional(),
    name: rules.text(200).optional(),
  }),
  data: z.object({ map: registerMapSummary }),
  // The import dialog shows the refused columns itself.
  tolerated: [ErrorCode.validation],
});

export const inverterSettingsMap = defineEndpoint({
  method: 'GET',
  path: '/api/v1/inverter/:sn/settings/map',
  summary: "The register map of an inverter's model family, from which its settings form is built",
  tag: 'register-maps',
  access: requires('inverter.setting'),
  params: z.object({ sn: serialNumber }),
  data: z.object({
    sn: z.string(),
    modelCode: z.string().nullable(),
    family: settingsFamily,
    map: registerMap,
  }),
  tolerated: [ErrorCode.inverterNotFound, ErrorCode.brandParameterUnsupported],
});
