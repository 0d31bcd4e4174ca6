import type { SunSpecModelLayout, SunSpecPointLayout } from '@solar/contract';

/** A decoded point: a number after its scale factor, a text, or absent when not implemented. */
export type PointValue = number | string;
export type DecodedBlock = Record<string, PointValue>;
/** A model's fixed block, and its repeating blocks (model 160's MPPT modules) in order. */
export interface DecodedModel {
  id: number;
  points: DecodedBlock;
  repeating: DecodedBlock[];
}

const UINT16_NONE = 0xffff;
const INT16_NONE = -0x8000;
const UINT32_NONE = 0xffffffff;
const INT32_NONE = -0x80000000;

const int16 = (word: number) => (word >= 0x8000 ? word - 0x10000 : word);
const uint32 = (high: number, low: number) => high * 0x10000 + low;

function float32(high: number, low: number): number {
  const view = new DataView(new ArrayBuffer(4));
  view.setUint16(0, high);
  view.setUint16(2, low);
  return view.getFloat32(0);
}

function text(words: readonly number[]): string {
  const bytes = Buffer.alloc(words.length * 2);
  words.forEach((word, index) => bytes.writeUInt16BE(word, index * 2));
  const end = bytes.indexOf(0);
  return bytes
    .subarray(0, end < 0 ? bytes.length : end)
    .toString('latin1')
    .trim();
}

/**
 * The raw value of one point, or undefined where the device marks it "not implemented"
 * (SunSpec's 0xFFFF, 0x8000, 0xFFFFFFFF, 0x80000000, a zero accumulator, NaN, an empty text).
 */
export function rawPointValue(
  words: readonly number[],
  type: SunSpecPointLayout['type'],
): PointValue | undefined {
  const [first = 0, second = 0] = words;
  switch (type) {
    case 'uint16':
    case 'enum16':
    case 'bitfield16':
    case 'count':
      return first === UINT16_NONE ? undefined : first;
    case 'int16':
    case 'sunssf':
      return int16(first) === INT16_NONE ? undefined : int16(first);
    case 'uint32':
    case 'bitfield32': {
      const value = uint32(first, second);
      return value === UINT32_NONE ? undefined : value;
    }
    case 'int32': {
      const value = uint32(first, second) | 0;
      return value === INT32_NONE ? undefined : value;
    }
    case 'acc32':
      return uint32(first, second) || undefined;
    case 'acc64': {
      const value = words.reduce((sum, word) => sum * 0x10000 + word, 0);
      return value || undefined;
    }
    case 'float32': {
      const value = float32(first, second);
      return Number.isFinite(value) ? value : undefined;
    }
    case 'string':
      return text(words) || undefined;
    case 'pad':
      return undefined;
  }
}

/** Applies the scale factors (powers of ten) read in the same block; unscalable points go. */
function scaled(points: readonly SunSpecPointLayout[], raw: DecodedBlock): DecodedBlock {
  const block: DecodedBlock = {};
  for (const point of points) {
    const value = raw[point.name];
    if (value === undefined || point.type === 'sunssf') continue;
    if (!point.sf || typeof value === 'string') {
      block[point.name] = value;
      continue;
    }
    const factor = raw[point.sf];
    if (typeof factor === 'number')
      block[point.name] = Number((value * 10 ** factor).toPrecision(12));
  }
  return block;
}

const ACC32_RANGE = 0x1_0000_0000;

/**
 * A 32-bit accumulator (lifetime energy in Wh) wraps to 0 after 4.29 GWh at its scale: each
 * device keeps how often each of its accumulators wrapped, so the counter it reports only grows.
 */
export class AccumulatorRollover {
  private readonly seen = new Map<string, { last: number; wraps: number }>();

  continuous(key: string, raw: number): number {
    const state = this.seen.get(key) ?? { last: raw, wraps: 0 };
    if (raw < state.last && state.last - raw > ACC32_RANGE / 2) state.wraps += 1;
    state.last = raw;
    this.seen.set(key, state);
    return raw + state.wraps * ACC32_RANGE;
  }
}

function rawBlock(
  points: readonly SunSpecPointLayout[],
  words: readonly number[],
  start: number,
  rollover?: AccumulatorRollover,
): DecodedBlock {
  const block: DecodedBlock = {};
  for (const point of points) {
    const begin = start + point.offset;
    const value = rawPointValue(words.slice(begin, begin + point.size), point.type);
    if (value === undefined) continue;
    block[point.name] =
      point.type === 'acc32' && rollover && typeof value === 'number'
        ? rollover.continuous(`${start}:${point.name}`, value)
        : value;
  }
  return block;
}

/**
 * Decodes one model's registers (from its `ID` register on). Scale factors of a repeating block
 * live in the fixed block (model 160), so both are scaled with the fixed block's factors too.
 */
export function decodeModel(
  layout: SunSpecModelLayout,
  words: readonly number[],
  rollover?: AccumulatorRollover,
): DecodedModel {
  const fixedRaw = rawBlock(layout.points, words, 0, rollover);
  const repeating: DecodedBlock[] = [];
  const group = layout.repeating;
  if (group) {
    for (let start = layout.size; start + group.size <= words.length; start += group.size) {
      const raw = { ...fixedRaw, ...rawBlock(group.points, words, start, rollover) };
      repeating.push(scaled(group.points, raw));
    }
  }
  return { id: layout.id, points: scaled(layout.points, fixedRaw), repeating };
}
