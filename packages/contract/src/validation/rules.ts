import { z } from 'zod';
import { SERVER_LANGUAGES } from '../i18n/locales.js';

/**
 * Section 5's validation rules as zod schemas. Messages are i18n keys under `validation.`
 * (translated in `validation/messages.ts`), so server and web report the same words. A
 * message naming a limit gets it from its issue: `maximum` of a too_big issue (maxLength),
 * `params.min` and `params.max` of a range check (integerRange).
 */

const EMAIL_PATTERN = /^[A-Za-z0-9_.-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,6}$/;
const CHINESE = /[\u4e00-\u9fa5]/;
const SPECIAL_CHARACTERS = /[~!@#$%^&*()+=<>?:"{}|,/;'\\[\]`·！￥…（）—《》？：“”【】、；‘’，。]/;
const SERIAL_PATTERN = /^[\w\u4e00-\u9fa5]{2,22}$/;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export const email = z
  .string()
  .trim()
  .max(64, 'validation.email')
  .regex(EMAIL_PATTERN, 'validation.email')
  .transform((value) => value.toLowerCase());

/** A password as typed at sign-in or as the old password: 8 to 24, no Chinese, no spaces. */
export const password = z
  .string()
  .min(8, 'validation.password')
  .max(24, 'validation.password')
  .refine((value) => !CHINESE.test(value), 'validation.password')
  .refine((value) => !/\s/.test(value), 'validation.noSpaces');

/** A new password (sign-up, reset, change): 8 to 20 with digits, letters and a capital. */
export const newPassword = z
  .string()
  .min(8, 'validation.newPassword')
  .max(20, 'validation.newPassword')
  .refine((value) => !/\s/.test(value), 'validation.noSpaces')
  .refine((value) => /^[A-Za-z0-9]+$/.test(value), 'validation.newPassword')
  .refine(
    (value) => /\d/.test(value) && /[a-z]/.test(value) && /[A-Z]/.test(value),
    'validation.newPassword',
  );

export const phone = z
  .string()
  .trim()
  .max(16, 'validation.phone')
  .refine((value) => !/[A-Za-z]/.test(value), 'validation.phone');

/** A number text messages go to: E.164, a plus and 7 to 15 digits, e.g. +4915112345678. */
export const smsPhone = z
  .string()
  .trim()
  .regex(/^\+[1-9]\d{6,14}$/, 'validation.smsPhone');

/** An optional form field where an empty string clears the value. */
export function clearable<T extends z.ZodType>(inner: T) {
  return z.preprocess((value) => (value === '' ? null : value), inner.nullable()).optional();
}

export const serialNumber = z.string().trim().regex(SERIAL_PATTERN, 'validation.serialNumber');

export const verificationCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'validation.verificationCode');

/** A free-text name limited to `max` characters (12, 20, 32, 40 or 60 by field). */
export function name(max: 12 | 20 | 32 | 40 | 60) {
  return z
    .string()
    .trim()
    .min(1, 'validation.required')
    .max(max, 'validation.maxLength')
    .refine((value) => !SPECIAL_CHARACTERS.test(value), 'validation.specialCharacters');
}

/** A longer free text (remarks, addresses): only length is limited. */
export function text(max: number) {
  return z.string().trim().max(max, 'validation.maxLength');
}

export const isoDate = z.string().regex(DATE_PATTERN, 'validation.date');

/** An instant with its offset: `2026-11-25T00:00:00+08:00`, `2026-11-24T16:00:00.000Z`. */
export const instant = z.iso.datetime({ offset: true });

/**
 * A list's time filter, half-open: `from` is the first instant it selects, `to` the first it no
 * longer selects, either end open when missing. Pages send the first moment of the first day the
 * user picked in the browser's zone and the first moment of the day after the last, so a day
 * selects the hours the rows show under it, not a UTC day, and no fraction of its last second
 * escapes (PostgreSQL keeps microseconds). Spread it into a filter shape and check the object
 * with `rangeInOrder`.
 */
export const instantRange = {
  from: instant.optional().meta({ description: 'The first instant selected (included)' }),
  to: instant
    .optional()
    .meta({ description: 'The end of the range (excluded): the first instant not selected' }),
};

/**
 * Refuses a range whose `to` is not after its `from` (validation.startBeforeEnd, on `to`): with
 * the end excluded, equal ends select nothing, which no caller means.
 */
export function rangeInOrder<
  T extends z.ZodType<{ from?: string | undefined; to?: string | undefined }>,
>(schema: T): T {
  return schema.refine(
    // Compared as instants: offsets differ; an unreadable end has its own issue already.
    (range) => !range.from || !range.to || !(Date.parse(range.from) >= Date.parse(range.to)),
    { message: 'validation.startBeforeEnd', path: ['to'] },
  );
}

export const hexColor = z.string().regex(/^#[0-9A-Fa-f]{6}$/, 'validation.color');

/** Form-encoded bodies carry numbers as strings; an empty string means "not given". */
function numeric<T extends z.ZodType>(inner: T) {
  return z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    return value.trim() === '' ? undefined : Number(value);
  }, inner);
}

function hasAtMostDecimals(value: number, decimals: number): boolean {
  const scaled = value * 10 ** decimals;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

export function decimal(options: { min: number; max: number; decimals: number; message: string }) {
  return numeric(
    z
      .number({ message: 'validation.number' })
      .finite('validation.number')
      .min(options.min, options.message)
      .max(options.max, options.message)
      .refine((value) => hasAtMostDecimals(value, options.decimals), options.message),
  );
}

/**
 * An integer from `min` to `max`. One check with the range as its params, so the message can
 * state both ends ("Please input 0 ~ 50000") whichever end was missed; a separate int, min and
 * max check would each report only its own bound.
 */
export function integer(range: { min: number; max: number }) {
  return numeric(
    z
      .number({ message: 'validation.number' })
      .refine((value) => Number.isInteger(value) && value >= range.min && value <= range.max, {
        message: 'validation.integerRange',
        params: { min: range.min, max: range.max },
      })
      // A refinement says nothing to JSON Schema; the API description keeps the range this way.
      .meta({ type: 'integer', minimum: range.min, maximum: range.max }),
  );
}

export const id = integer({ min: 1, max: 2 ** 31 - 1 });

export const capacityKwp = decimal({
  min: 0,
  max: 50000,
  decimals: 3,
  message: 'validation.capacity',
});
/** The DC peak power of the modules behind one inverter, kWp (the column holds 3 decimals). */
export const dcPeakKw = decimal({
  min: 0.001,
  max: 50000,
  decimals: 3,
  message: 'validation.dcPeak',
});
export const generationOffsetKwh = decimal({
  min: -500000,
  max: 500000,
  decimals: 1,
  message: 'validation.offset',
});
export const unitPrice = decimal({ min: 0, max: 9999, decimals: 2, message: 'validation.price' });
export const constantPrice = decimal({
  min: 0,
  max: 9999,
  decimals: 4,
  message: 'validation.price',
});
export const totalPrice = decimal({
  min: 0,
  max: 999999999,
  decimals: 5,
  message: 'validation.totalPrice',
});
export const percentage = decimal({
  min: 0,
  max: 100,
  decimals: 2,
  message: 'validation.percentage',
});

export const bitString = z.string().regex(/^[01]+$/, 'validation.bits');
export const hexString = z.string().regex(/^[0-9A-Fa-f]+$/, 'validation.hex');
export const eventCode = z.string().regex(/^\d+$/, 'validation.digits');

/** Form booleans arrive as "true"/"false"/"1"/"0". */
export const flag = z.preprocess(
  (value) =>
    value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value,
  z.boolean(),
);

export const paging = {
  page: integer({ min: 1, max: 100000 }).default(1),
  size: integer({ min: 1, max: 200 }).default(20),
};

/**
 * A text per server language (dictionary entries, release notes), each at most `max` long;
 * English is required and stands in for a missing language.
 */
export function languageTexts(max: number) {
  return z
    .partialRecord(z.enum(SERVER_LANGUAGES), text(max))
    .refine((texts) => Boolean(texts.en), { message: 'validation.required', path: ['en'] });
}
