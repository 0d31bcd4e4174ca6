import { z } from 'zod';
import { dictionaryCode } from '../dicts/entries.js';
import { ErrorCode } from '../errors/codes.js';
import { defineEndpoint, pageOf, publicAccess, requires } from '../http/endpoint.js';
import { pictureUpload } from '../http/upload.js';
import * as rules from '../validation/rules.js';

/**
 * Product models of system management: the catalogue of hardware the portal knows (the model
 * codes devices report, spec section 3), kept by the platform administrator. The built-in
 * inverter models are its first rows. A model code is unique within its kind: a taken one
 * answers 5000. Codes compare case-insensitively and are stored upper-case.
 */
const TAG = 'products';

export const PRODUCT_KINDS = [
  'inverter',
  'battery',
  'datalogger',
  'meter',
  'switch',
  'epm',
  'weather',
] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];

/** A model code as devices report it: the dictionary code pattern, upper-cased. */
export const productModelCode = dictionaryCode.transform((code) => code.toUpperCase());

/** Rated power in watts; 0 for products without one (dataloggers, meters). */
export const productRatedPower = rules.integer({ min: 0, max: 10_000_000 });

/** A product's phases: single or three-phase. */
export const PRODUCT_PHASES = [1, 3] as const;
export const productPhases = z.literal(PRODUCT_PHASES, { message: 'validation.invalid' });

/** MPPT trackers of an inverter; 0 for products without (meters, dataloggers). */
export const MPPT_COUNT_MAX = 32;
export const productMpptCount = rules.integer({ min: 0, max: MPPT_COUNT_MAX });

export const productName = rules.name(60);
export const productVendor = rules.text(60);
export const hardwarePartNumber = rules.text(40);

export const productModel = z.object({
  id: z.number().int(),
  kind: z.enum(PRODUCT_KINDS),
  modelCode: z.string(),
  name: z.string(),
  vendor: z.string(),
  ratedPowerW: z.number().int(),
  hardwarePartNumber: z.string(),
  phases: z.literal(PRODUCT_PHASES),
  mpptCount: z.number().int(),
  isEnabled: z.boolean(),
  /** The model's picture, versioned by its last change; null until one is uploaded. */
  imageUrl: z.string().nullable(),
  updatedAt: z.string(),
});
export type ProductModel = z.infer<typeof productModel>;

const productIdParams = z.strictObject({ id: rules.id });

/** What the administrator edits; the kind and model code stay once created. */
const productDetails = {
  name: productName,
  vendor: productVendor.default(''),
  ratedPowerW: productRatedPower.default(0),
  hardwarePartNumber: hardwarePartNumber.default(''),
  phases: productPhases.default(1),
  mpptCount: productMpptCount.default(0),
};

export const listProductModels = defineEndpoint({
  method: 'GET',
  path: '/api/v1/management/products',
  summary: 'Product models by kind and model code; filtered by kind, state, code, name or vendor',
  tag: TAG,
  access: requires('sys.product.manage'),
  query: z.object({
    ...rules.paging,
    kind: z.enum(PRODUCT_KINDS).optional(),
    enabled: rules.flag.optional(),
    keyword: rules.text(40).optional(),
  }),
  data: pageOf(productModel),
});

export const checkProductModelCode = defineEndpoint({
  method: 'GET',
  path: '/api/v1/management/products/check',
  summary: 'Whether a model code is free within its kind: 5000 when it exists already',
  tag: TAG,
  access: requires('sys.product.manage'),
  query: z.strictObject({ kind: z.enum(PRODUCT_KINDS), modelCode: productModelCode }),
  data: z.null(),
  tolerated: [ErrorCode.codeExists],
});

export const createProductModel = defineEndpoint({
  method: 'POST',
  path: '/api/v1/management/products',
  summary: 'Add a product model; 5000 when its model code exists in the kind',
  tag: TAG,
  access: requires('sys.product.edit'),
  encoding: 'json',
  body: z.strictObject({
    kind: z.enum(PRODUCT_KINDS),
    modelCode: productModelCode,
    ...productDetails,
  }),
  data: productModel,
  tolerated: [ErrorCode.codeExists],
});

export const updateProductModel = defineEndpoint({
  method: 'PUT',
  path: '/api/v1/management/products/:id',
  summary: "Change a model's name, vendor, rated power, hardware part number, phases and MPPTs",
  tag: TAG,
  access: requires('sys.product.edit'),
  encoding: 'json',
  params: productIdParams,
  body: z.strictObject(productDetails),
  data: productModel,
});

export const setProductModelEnabled = defineEndpoint({
  method: 'POST',
  path: '/api/v1/management/products/:id/enable',
  summary: 'Enable or disable a product model',
  tag: TAG,
  access: requires('sys.product.edit'),
  encoding: 'form',
  params: productIdParams,
  body: z.strictObject({ enabled: rules.flag }),
  data: productModel,
});

/**
 * Serves a product model's picture (JPG or PNG, its own type) to anyone, like a brand's logo:
 * pictures load in `<img>` without the access token. Code 2 when the model has none.
 */
export const productImage = defineEndpoint({
  method: 'GET',
  path: '/anonymous/product/:id/image',
  summary: "A product model's picture (JPG or PNG)",
  tag: TAG,
  access: publicAccess,
  params: productIdParams,
  data: z.string(),
  download: { contentType: 'image/png' },
  tolerated: [ErrorCode.noPermission],
});

export const uploadProductImage = defineEndpoint({
  method: 'POST',
  path: '/api/v1/management/products/:id/image',
  summary: "Replace a product model's picture (field `file`: JPG or PNG up to 3 MB)",
  tag: TAG,
  access: requires('sys.product.edit'),
  encoding: 'multipart',
  params: productIdParams,
  upload: pictureUpload,
  data: productModel,
});

/**
 * A hardware revision of a product model (spec section 3: "hardware has hardwareId"): the id a
 * device of that model reports for its board. Unique within the model: a taken one answers 5000.
 */
export const hardwareId = dictionaryCode;
export const hardwareDescription = rules.text(100);

export const hardwareRevision = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  hardwareId: z.string(),
  description: z.string(),
  createdAt: z.string(),
});
export type HardwareRevision = z.infer<typeof hardwareRevision>;

export const listHardwareRevisions = defineEndpoint({
  method: 'GET',
  path: '/api/v1/management/products/:id/hardware',
  summary: "A product model's hardware revisions by hardwareId; 2 for an unknown model",
  tag: TAG,
  access: requires('sys.product.manage'),
  params: productIdParams,
  data: z.array(hardwareRevision),
});

export const checkHardwareId = defineEndpoint({
  method: 'GET',
  path: '/api/v1/management/products/:id/hardware/check',
  summary: 'Whether a hardwareId is free within the product model: 5000 when it exists already',
  tag: TAG,
  access: requires('sys.product.manage'),
  params: productIdParams,
  query: z.strictObject({ hardwareId }),
  data: z.null(),
  tolerated: [ErrorCode.codeExists],
});

export const addHardwareRevision = defineEndpoint({
  method: 'POST',
  path: '/api/v1/management/products/:id/hardware',
  summary: 'Add a hardware revision to a product model; 5000 when its hardwareId exists there',
  tag: TAG,
  access: requires('sys.product.edit'),
  encoding: 'json',
  params: productIdParams,
  body: z.strictObject({ hardwareId, description: hardwareDescription.default('') }),
  data: hardwareRevision,
  tolerated: [ErrorCode.codeExists],
});

export const removeHardwareRevision = defineEndpoint({
  method: 'DELETE',
  path: '/api/v1/management/products/:id/hardware/:revisionId',
  summary: 'Remove a hardware revision from its product model',
  tag: TAG,
  access: requires('sys.product.edit'),
  params: z.strictObject({ id: rules.id, revisionId: rules.id }),
  data: z.null(),
});
