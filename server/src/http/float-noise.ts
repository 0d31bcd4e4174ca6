import { createSerializerCompiler } from 'fastify-type-provider-zod';

/**
 * Binary floating point turns 26.577 into 26.576999999999998 after a sum or a product: noise in
 * the 16th or 17th significant digit. Every figure the portal stores has at most 10 significant
 * digits (a Wh counter of 19,230.273 kWh, a coordinate of 11.5762345), so 12 keep all of it and
 * drop the noise. Integers, ids and epoch milliseconds among them, pass unchanged. Energies, money
 * and masses are rounded to their stored precision by their presenters (`rounded` in the
 * contract); this replacer is the net under every other number.
 */
const SIGNIFICANT_DIGITS = 12;

export function withoutFloatNoise(value: number): number {
  return Number.isInteger(value) || !Number.isFinite(value)
    ? value
    : Number(value.toPrecision(SIGNIFICANT_DIGITS));
}

/** A `JSON.stringify` replacer: every number of an answer leaves without float noise. */
export function floatNoiseReplacer(_key: string, value: unknown): unknown {
  return typeof value === 'number' ? withoutFloatNoise(value) : value;
}

/** Serializes every answer with a response schema (all endpoints) through the replacer. */
export const answerSerializerCompiler = createSerializerCompiler({ replacer: floatNoiseReplacer });
