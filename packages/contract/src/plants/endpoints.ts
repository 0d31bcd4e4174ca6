import { z } from 'zod';
import { ErrorCode } from '../errors/codes.js';
import { DEVICE_KINDS } from '../ingestion/payload.js';
import { defineEndpoint, pageOf, requires } from '../http/endpoint.js';
import { pictureUpload } from '../http/upload.js';
import { currencyCode } from '../validation/reference-codes.js';
import * as rules from '../validation/rules.js';
import {
  contactData,
  generationTierData,
  PLANT_STATUSES,
  plantTypeCode,
  plantContacts,
  plantIncomeFields,
  plantInfoFields,
  priceSegmentData,
  requireMethodSettings,
  SHARE_ROLES,
  VALUATION_METHODS,
} from './schemas.js';

export * from './schemas.js';

const TAG = 'plants';
const plantIdParams = z.strictObject({ id: rules.id });

/** What the caller may do with a plant: the web hides edit actions on 'read'. */
export const plantAccess = z.enum(['read', 'manage']);

export const plantListItem = z.object({
  id: z.number().int(),
  name: z.string(),
  capacityKwp: z.number(),
  plantType: z.string(),
  status: z.enum(PLANT_STATUSES),
  /** Current AC power of the inverters, W. */
  powerW: z.number(),
  /** Generation of the plant-local day so far, kWh. */
  todayKwh: z.number(),
  timeZone: z.string(),
  address: z.string().nullable(),
  pictureUrl: z.string().nullable(),
  createdAt: z.string(),
  access: plantAccess,
});
export type PlantListItem = z.infer<typeof plantListItem>;

export const PLANT_SORT_FIELDS = ['name', 'capacity', 'createdAt', 'power'] as const;

export const listPlants = defineEndpoint({
  method: 'GET',
  path: '/api/v1/plants',
  summary: 'Plants visible to the caller, with status, current power and energy of today',
  tag: TAG,
  access: requires('station.view'),
  query: z.strictObject({
    ...rules.paging,
    name: rules.text(40).optional(),
    status: z.enum(PLANT_STATUSES).optional(),
    plantType: plantTypeCode.optional(),
    sort: z.enum(PLANT_SORT_FIELDS).default('createdAt'),
    order: z.enum(['asc', 'desc']).default('desc'),
  }),
  data: pageOf(plantListItem),
});

export const plantMapItem = z.object({
  id: z.number().int(),
  name: z.string(),
  lat: z.number(),
  lng: z.number(),
  status: z.enum(PLANT_STATUSES),
  capacityKwp: z.number(),
});

export const plantsMap = defineEndpoint({
  method: 'GET',
  path: '/api/v1/plants/map',
  summary: 'Visible plants that have coordinates, for the map',
  tag: TAG,
  access: requires('station.view'),
  data: pageOf(plantMapItem),
});

export const plantFilterOptions = defineEndpoint({
  method: 'GET',
  path: '/api/v1/plant/filter',
  summary: 'Filter options of the plant list with the number of plants in each',
  tag: TAG,
  access: requires('station.view'),
  data: z.object({
    total: z.number().int(),
    statuses: z.array(z.object({ status: z.enum(PLANT_STATUSES), count: z.number().int() })),
    plantTypes: z.array(z.object({ plantType: z.string(), count: z.number().int() })),
  }),
});

export const plantDetail = z.object({
  id: z.number().int(),
  name: z.string(),
  capacityKwp: z.number(),
  commissioningDate: z.string().nullable(),
  plantType: z.string(),
  currency: currencyCode,
  valuationMethod: z.enum(VALUATION_METHODS),
  constantPrice: z.number(),
  touSegments: z.array(priceSegmentData),
  generationTiers: z.array(generationTierData),
  longitude: z.number().nullable(),
  latitude: z.number().nullable(),
  address: z.string().nullable(),
  timeZone: z.string(),
  regionCountry: z.string().nullable(),
  regionState: z.string().nullable(),
  regionCity: z.string().nullable(),
  pictureUrl: z.string().nullable(),
  contacts: z.array(contactData),
  totalInvestment: z.number().nullable(),
  installerEmail: z.string().nullable(),
  generationOffsetKwh: z.number(),
  status: z.enum(PLANT_STATUSES),
  ownerAccount: z.string(),
  isCompanyPlant: z.boolean(),
  access: plantAccess,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PlantDetail = z.infer<typeof plantDetail>;

export const getPlant = defineEndpoint({
  method: 'GET',
  path: '/api/v1/plant/:id',
  summary: 'One plant with all its settings',
  tag: TAG,
  access: requires('station.view'),
  params: plantIdParams,
  data: plantDetail,
  tolerated: [ErrorCode.plantNotFound],
});

const createPlantBody = z
  .strictObject({
    ...plantInfoFields,
    ...plantIncomeFields,
    currency: plantIncomeFields.currency.default('EUR'),
    valuationMethod: plantIncomeFields.valuationMethod.default('constant'),
    constantPrice: rules.constantPrice.default(0),
    contacts: plantContacts.optional(),
  })
  .superRefine(requireMethodSettings);

export const createPlant = defineEndpoint({
  method: 'POST',
  path: '/api/v1/plant',
  summary: 'Create a plant owned by the caller (and their company, for company members)',
  tag: TAG,
  access: requires('station.create'),
  encoding: 'json',
  body: createPlantBody,
  data: z.object({ id: z.number().int() }),
});

const editPlantBody = z
  .strictObject({
    ...plantInfoFields,
    ...plantIncomeFields,
    contacts: plantContacts,
  })
  .partial()
  .superRefine(requireMethodSettings);

export const editPlant = defineEndpoint({
  method: 'POST',
  path: '/api/v1/plant/:id',
  summary: 'Edit any settings of a plant; fields left out keep their value',
  tag: TAG,
  access: requires('station.edit'),
  encoding: 'json',
  params: plantIdParams,
  body: editPlantBody,
  data: z.null(),
  tolerated: [ErrorCode.plantNotFound],
});

export const editPlantInfo = defineEndpoint({
  method: 'POST',
  path: '/api/v1/plant/:id/info',
  summary: 'Replace the basic information of a plant',
  tag: TAG,
  access: requires('station.edit'),
  encoding: 'json',
  params: plantIdParams,
  body: z.strictObject(plantInfoFields),
  data: z.null(),
  tolerated: [ErrorCode.plantNotFound],
});

export const editPlantIncome = defineEndpoint({
  method: 'POST',
  path: '/api/v1/plant/:id/income',
  summary: 'Set the currency and valuation method (constant, time-of-use or by generation)',
  tag: TAG,
  access: requires('station.edit'),
  encoding: 'json',
  params: plantIdParams,
  body: z.strictObject(plantIncomeFields).superRefine(requireMethodSettings),
  data: z.null(),
  tolerated: [ErrorCode.plantNotFound],
});

export const editPlantContacts = defineEndpoint({
  method: 'POST',
  path: '/api/v1/plant/:id/contacts',
  summary: 'Replace the contact list of a plant',
  tag: TAG,
  access: requires('station.edit'),
  encoding: 'json',
  params: plantIdParams,
  body: z.strictObject({ contacts: plantContacts }),
  data: z.null(),
  tolerated: [ErrorCode.plantNotFound],
});

export const deletePlant = defineEndpoint({
  method: 'POST',
  path: '/api/v1/plant/:id/delete',
  summary: 'Delete a plant (owner, its company administrator or a platform administrator)',
  tag: TAG,
  access: requires('station.delete'),
  params: plantIdParams,
  data: z.null(),
  tolerated: [ErrorCode.plantNotFound],
});

export const uploadPlantPicture = defineEndpoint({
  method: 'POST',
  path: '/api/v1/plant/:id/thumbnail',
  summary: 'Upload the plant picture (multipart field "file"; JPG or PNG up to 3 MB)',
  tag: TAG,
  access: requires('station.edit'),
  encoding: 'multipart',
  upload: pictureUpload,
  params: plantIdParams,
  data: z.object({ pictureUrl: z.string() }),
  tolerated: [ErrorCode.plantNotFound],
});

const accountBody = z.strictObject({ account: rules.email });

export const sharePlant = defineEndpoint({
  method: 'POST',
  path: '/api/v1/plant/:id/share',
  summary: 'Share a private plant with another private account as visitor or manager',
  tag: TAG,
  access: requires('station.share'),
  params: plantIdParams,
  body: z.strictObject({ account: rules.email, role: z.enum(SHARE_ROLES) }),
  data: z.null(),
  tolerated: [
    ErrorCode.noPermission,
    ErrorCode.accountNotRegistered,
    ErrorCode.shareWithSelf,
    ErrorCode.shareToCompanyUser,
    ErrorCode.shareCompanyPlant,
  ],
});

export const cancelPlantShare = defineEndpoint({
  method: 'POST',
  path: '/api/v1/plant/:id/cancelShare',
  summary: 'Stop sharing a plant with an account',
  tag: TAG,
  access: requires('station.share'),
  params: plantIdParams,
  body: accountBody,
  data: z.null(),
  tolerated: [ErrorCode.noPermission, ErrorCode.accountNotRegistered],
});

export const plantShareUser = z.object({
  userId: z.number().int(),
  account: z.string(),
  nickname: z.string(),
  role: z.enum(SHARE_ROLES),
  sharedAt: z.string(),
});

export const plantShareUsers = defineEndpoint({
  method: 'GET',
  path: '/api/v1/plant/:id/getShareUsers',
  summary: 'Accounts the plant is shared with',
  tag: TAG,
  access: requires('station.share'),
  params: plantIdParams,
  data: pageOf(plantShareUser),
  tolerated: [ErrorCode.noPermission],
});

export const transferPlant = defineEndpoint({
  method: 'POST',
  path: '/api/v1/plant/:id/transfer',
  summary: 'Give the plant to another account, which becomes its owner',
  tag: TAG,
  access: requires('station.transfer'),
  params: plantIdParams,
  body: accountBody,
  data: z.null(),
  tolerated: [
    ErrorCode.noPermission,
    ErrorCode.accountNotRegistered,
    ErrorCode.shareWithSelf,
    ErrorCode.shareToCompanyUser,
  ],
});

const gatewayCodes = [
  ErrorCode.noPermission,
  ErrorCode.dataloggerCredentials,
  ErrorCode.dataloggerInUse,
  ErrorCode.dataloggerNotFound,
] as const;

export const bindPlantGateway = defineEndpoint({
  method: 'POST',
  path: '/api/v1/plant/:id/gateway',
  summary: 'Bind a datalogger to the plant with its serial number and registration key',
  tag: TAG,
  access: requires('station.gateway.bind'),
  params: plantIdParams,
  body: z.strictObject({ sn: rules.serialNumber, key: rules.serialNumber }),
  data: z.object({ dataloggerId: z.number().int() }),
  tolerated: gatewayCodes,
});

export const unbindPlantGateway = defineEndpoint({
  method: 'POST',
  path: '/api/v1/plant/:id/gateway/unbind',
  summary: 'Detach a datalogger from the plant; its history stays with its devices',
  tag: TAG,
  access: requires('station.gateway.bind'),
  params: plantIdParams,
  body: z.strictObject({ sn: rules.serialNumber }),
  data: z.null(),
  tolerated: gatewayCodes,
});

export const plantDevice = z.object({
  id: z.number().int(),
  sn: z.string(),
  kind: z.enum(DEVICE_KINDS),
  alias: z.string().nullable(),
  modelCode: z.string().nullable(),
  status: z.enum(PLANT_STATUSES),
  lastSeenAt: z.string().nullable(),
  /** The main values of the last sample (see telemetry keys: pac_w, soc_pct, …). */
  values: z.record(z.string(), z.number()),
});

export const plantDatalogger = z.object({
  id: z.number().int(),
  sn: z.string(),
  alias: z.string().nullable(),
  signalStrength: z.number().nullable(),
  softwareVersion: z.string().nullable(),
  lastOnlineAt: z.string().nullable(),
  devices: z.array(plantDevice),
});

export const plantDevices = defineEndpoint({
  method: 'GET',
  path: '/api/v1/plant/:id/devices',
  summary: 'Dataloggers of the plant with their devices, status and main values',
  tag: TAG,
  access: requires('station.view'),
  params: plantIdParams,
  data: z.object({ dataloggers: z.array(plantDatalogger) }),
  tolerated: [ErrorCode.plantNotFound],
});
