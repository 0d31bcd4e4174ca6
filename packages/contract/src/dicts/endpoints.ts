import { z } from 'zod';
import { defineEndpoint, signedIn } from '../http/endpoint.js';
import { SERVER_LANGUAGES } from '../i18n/locales.js';
import { currencyCode } from '../validation/reference-codes.js';

/** Reference lists the plant forms pick from. */
const TAG = 'dicts';
const languageQuery = z.strictObject({ lan: z.enum(SERVER_LANGUAGES).optional() });

export const dictCurrencies = defineEndpoint({
  method: 'GET',
  path: '/api/v1/dict/currencies',
  summary:
    'The enabled currencies a plant income can be shown in, with localized names and symbols',
  tag: TAG,
  access: signedIn,
  query: languageQuery,
  data: z.array(z.object({ code: currencyCode, name: z.string(), symbol: z.string() })),
});

export const dictTimeZones = defineEndpoint({
  method: 'GET',
  path: '/api/v1/dict/timezones',
  summary: 'The enabled IANA time zones with their current UTC offset',
  tag: TAG,
  access: signedIn,
  data: z.array(
    z.object({
      name: z.string(),
      /** Current offset as '+HH:MM', for display; it changes with daylight saving time. */
      offset: z.string(),
    }),
  ),
});

export const dictPlantTypes = defineEndpoint({
  method: 'GET',
  path: '/api/v1/dict/plantTypes',
  summary: 'The enabled plant types, named in English',
  tag: TAG,
  access: signedIn,
  data: z.array(z.object({ value: z.string(), name: z.string() })),
});

export const regionOption = z.object({
  /** Country: ISO 3166-1 alpha-2 code; region: its code within the country. */
  value: z.string(),
  label: z.string(),
  /** Regions are the last listed level: the city (third level) is typed by the user. */
  isLeaf: z.boolean(),
});

export const dictRegions = defineEndpoint({
  method: 'GET',
  path: '/api/v1/dict/regions',
  summary: 'Region cascader: countries without parent, the regions of a country with parent',
  tag: TAG,
  access: signedIn,
  query: z.strictObject({
    parent: z
      .string()
      .regex(/^[A-Z]{2}$/, 'validation.invalid')
      .optional(),
  }),
  data: z.array(regionOption),
});
