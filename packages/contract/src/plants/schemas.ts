import { z } from 'zod';
import { DEVICE_STATUSES, type DeviceStatus } from '../ingestion/status.js';
import { dictionaryCode } from '../dicts/entries.js';
import { currencyCode, timeZone } from '../validation/reference-codes.js';
import * as rules from '../validation/rules.js';

/** A plant's status is derived from its devices' (`plantStatus`, ingestion/status.ts). */
export const PLANT_STATUSES = DEVICE_STATUSES;
export type PlantStatus = DeviceStatus;

/** The built-in plant types, seeded into the `plantType` dictionary. */
export const PLANT_TYPES = ['grid', 'ac_coupled', 'dc_coupled'] as const;
export type PlantType = (typeof PLANT_TYPES)[number];

/**
 * A plant's type: any code of the `plantType` dictionary, so the administrator's own entries
 * work too; the server accepts only enabled entries as new values.
 */
export const plantTypeCode = dictionaryCode;

export const VALUATION_METHODS = ['constant', 'time_of_use', 'generation'] as const;
export type ValuationMethod = (typeof VALUATION_METHODS)[number];

export const SHARE_ROLES = ['visitor', 'manager'] as const;
export type ShareRole = (typeof SHARE_ROLES)[number];

/** Money summed over plants that may bill in different currencies: one amount per currency. */
export const amountsByCurrency = () =>
  z.array(z.object({ currency: currencyCode, amount: z.number() }));

/**
 * The currencies seeded into the `currency` dictionary; the administrator may add any other
 * ISO 4217 code there (`currencyCode`).
 */
export const CURRENCIES = [
  'EUR',
  'USD',
  'GBP',
  'CNY',
  'JPY',
  'AUD',
  'CAD',
  'CHF',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'CZK',
  'HUF',
  'RON',
  'BGN',
  'TRY',
  'INR',
  'BRL',
  'MXN',
  'ZAR',
  'KRW',
  'HKD',
  'TWD',
  'SGD',
  'THB',
  'VND',
  'MYR',
  'IDR',
  'PHP',
  'PKR',
  'AED',
  'SAR',
  'ILS',
  'EGP',
  'NGN',
  'KES',
  'CLP',
  'COP',
  'ARS',
  'NZD',
  'UAH',
] as const;

/** At most 6 price segments (section 9). */
export const MAX_PRICE_SEGMENTS = 6;
export const MAX_GENERATION_TIERS = 6;
export const MAX_CONTACTS = 10;

/** A real calendar date 'YYYY-MM-DD' between 1970 and 2199 (the pattern alone allows 2026-13-45). */
export const calendarDate = rules.isoDate.refine((value) => {
  const parsed = new Date(`${value}T00:00:00Z`);
  return (
    !Number.isNaN(parsed.getTime()) &&
    parsed.toISOString().slice(0, 10) === value &&
    value >= '1970-01-01' &&
    value < '2200-01-01'
  );
}, 'validation.date');

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;

/** Minutes since midnight of an 'HH:mm' clock time ('24:00' is 1440). */
export function clockMinutes(clock: string): number {
  const [hours = '0', minutes = '0'] = clock.split(':');
  return Number(hours) * 60 + Number(minutes);
}

/** The tariff periods a meter has a price for (its tip, peak, flat and valley prices). */
export const METER_PRICE_TIERS = ['tip', 'peak', 'flat', 'valley'] as const;
export type MeterPriceTier = (typeof METER_PRICE_TIERS)[number];

/**
 * A time-of-use segment. With a `tier`, the plant's master meter prices it (that tier's price
 * times the meter's discount factor); `price` serves while the plant has no master meter.
 */
export const priceSegment = z.strictObject({
  start: z.string().regex(CLOCK, 'validation.invalid'),
  end: z.string().regex(CLOCK, 'validation.invalid'),
  price: rules.unitPrice,
  tier: z.enum(METER_PRICE_TIERS).optional(),
});
export type PriceSegment = z.infer<typeof priceSegment>;

/**
 * Time-of-use segments: 1 to 6, contiguous from 00:00, each ending after it starts, the last
 * ending at 24:00 (section 5).
 */
export const priceSegments = z
  .array(priceSegment)
  .min(1, 'validation.required')
  .max(MAX_PRICE_SEGMENTS, 'validation.invalid')
  .superRefine((segments, context) => {
    let expectedStart = 0;
    segments.forEach((segment, index) => {
      const start = clockMinutes(segment.start);
      const end = clockMinutes(segment.end);
      if (start !== expectedStart || end <= start) {
        context.addIssue({ code: 'custom', path: [index], message: 'validation.invalid' });
      }
      expectedStart = end;
    });
    if (expectedStart !== 24 * 60) {
      context.addIssue({
        code: 'custom',
        path: [segments.length - 1, 'end'],
        message: 'validation.invalid',
      });
    }
  });

/** Pricing by generation: the price of each kWh depends on lifetime generation so far. */
export const generationTier = z.strictObject({
  /** The tier applies from this cumulative generation (kWh) on; the first tier starts at 0. */
  fromKwh: rules.decimal({ min: 0, max: 1e9, decimals: 1, message: 'validation.invalid' }),
  price: rules.unitPrice,
});
export type GenerationTier = z.infer<typeof generationTier>;

export const generationTiers = z
  .array(generationTier)
  .min(1, 'validation.required')
  .max(MAX_GENERATION_TIERS, 'validation.invalid')
  .superRefine((tiers, context) => {
    tiers.forEach((tier, index) => {
      const previous = tiers[index - 1];
      const isOrdered = previous ? tier.fromKwh > previous.fromKwh : tier.fromKwh === 0;
      if (!isOrdered) {
        context.addIssue({
          code: 'custom',
          path: [index, 'fromKwh'],
          message: 'validation.invalid',
        });
      }
    });
  });

/** Response shapes (plain: response schemas must not transform). */
export const priceSegmentData = z.object({
  start: z.string(),
  end: z.string(),
  price: z.number(),
  tier: z.enum(METER_PRICE_TIERS).optional(),
});
export const generationTierData = z.object({ fromKwh: z.number(), price: z.number() });
export const contactData = z.object({ name: z.string(), phone: z.string(), email: z.string() });

export const contact = z.strictObject({
  name: rules.name(40),
  phone: rules.phone.optional().default(''),
  email: z
    .union([z.literal(''), rules.email])
    .optional()
    .default(''),
});
export type Contact = z.infer<typeof contact>;

const optionalText = (max: number) => rules.text(max).nullable().optional();

/** The basic information of a plant (create, edit, /info). */
export const plantInfoFields = {
  name: rules.name(40),
  capacityKwp: rules.capacityKwp,
  commissioningDate: calendarDate.nullable().optional(),
  plantType: plantTypeCode,
  timeZone,
  longitude: rules
    .decimal({ min: -180, max: 180, decimals: 6, message: 'validation.invalid' })
    .nullable()
    .optional(),
  latitude: rules
    .decimal({ min: -90, max: 90, decimals: 6, message: 'validation.invalid' })
    .nullable()
    .optional(),
  address: optionalText(200),
  regionCountry: z
    .string()
    .regex(/^[A-Z]{2}$/, 'validation.invalid')
    .nullable()
    .optional(),
  regionState: optionalText(60),
  regionCity: optionalText(60),
  totalInvestment: rules.totalPrice.nullable().optional(),
  installerEmail: z
    .union([z.literal(''), rules.email])
    .nullable()
    .optional(),
  generationOffsetKwh: rules.generationOffsetKwh.optional(),
};

/** The valuation settings (/income). Which list is required depends on the method. */
export const plantIncomeFields = {
  currency: currencyCode,
  valuationMethod: z.enum(VALUATION_METHODS),
  constantPrice: rules.constantPrice.optional(),
  touSegments: priceSegments.optional(),
  generationTiers: generationTiers.optional(),
};

interface IncomeShape {
  valuationMethod?: ValuationMethod | undefined;
  constantPrice?: number | undefined;
  touSegments?: unknown;
  generationTiers?: unknown;
}

/** The list the chosen valuation method prices with must be present. */
export function requireMethodSettings(value: IncomeShape, context: z.RefinementCtx): void {
  const missing =
    value.valuationMethod === 'constant' && value.constantPrice === undefined
      ? 'constantPrice'
      : value.valuationMethod === 'time_of_use' && value.touSegments === undefined
        ? 'touSegments'
        : value.valuationMethod === 'generation' && value.generationTiers === undefined
          ? 'generationTiers'
          : null;
  if (missing)
    context.addIssue({ code: 'custom', path: [missing], message: 'validation.required' });
}

export const plantContacts = z.array(contact).max(MAX_CONTACTS, 'validation.invalid');
