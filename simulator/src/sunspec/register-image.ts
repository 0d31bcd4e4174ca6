import { SUNSPEC_MODELS, type SunSpecModelLayout, type SunSpecPointLayout } from '@solar/contract';

/** The `SunS` marker that opens a SunSpec map, and the model id that ends its chain. */
const SUNS_MARKER = [0x5375, 0x6e53] as const;
const END_OF_MODELS = 0xffff;
export const SUNSPEC_BASE_ADDRESS = 40_000;

const LAYOUTS = new Map(SUNSPEC_MODELS.map((layout) => [layout.id, layout]));

/** A point's value in engineering units (scaled by its factor when served), or a text. */
export type PointInput = number | string;
export type BlockInput = Record<string, PointInput | undefined>;

/**
 * One model to serve: its points in engineering units, and the exponents of its scale factors
 * (`W_SF: -1` serves 4210.5 W as 42105); model 160's modules as repeating blocks.
 */
export interface ModelInput {
  id: number;
  values: BlockInput;
  repeating?: BlockInput[];
}

/** SunSpec's "not implemented" markers, by type. */
function notImplemented(point: SunSpecPointLayout): number[] {
  switch (point.type) {
    case 'int16':
    case 'sunssf':
    case 'pad':
      return [0x8000];
    case 'int32':
      return [0x8000, 0];
    case 'float32':
      return [0x7fc0, 0];
    case 'acc32':
    case 'acc64':
    case 'string':
      return new Array<number>(point.size).fill(0);
    case 'uint16':
    case 'uint32':
    case 'enum16':
    case 'bitfield16':
    case 'bitfield32':
    case 'count':
      return new Array<number>(point.size).fill(0xffff);
  }
}

function textWords(text: string, size: number): number[] {
  const bytes = Buffer.alloc(size * 2);
  bytes.write(text.slice(0, size * 2), 'latin1');
  return Array.from({ length: size }, (_, index) => bytes.readUInt16BE(index * 2));
}

function integerWords(value: number, size: number): number[] {
  let rest = BigInt.asUintN(16 * size, BigInt(Math.round(value)));
  const words = new Array<number>(size);
  for (let index = size - 1; index >= 0; index -= 1) {
    words[index] = Number(rest & 0xffffn);
    rest >>= 16n;
  }
  return words;
}

function float32Words(value: number): number[] {
  const view = new DataView(new ArrayBuffer(4));
  view.setFloat32(0, value);
  return [view.getUint16(0), view.getUint16(2)];
}

/** The registers of one point: its value divided by its scale factor, in the point's type. */
function pointWords(point: SunSpecPointLayout, block: BlockInput, factors: BlockInput): number[] {
  const value = block[point.name];
  if (value === undefined) return notImplemented(point);
  if (typeof value === 'string') return textWords(value, point.size);
  if (point.type === 'float32') return float32Words(value);
  const exponent = point.sf === undefined ? 0 : factors[point.sf];
  if (point.sf !== undefined && typeof exponent !== 'number') return notImplemented(point);
  return integerWords(value / 10 ** (exponent as number), point.size);
}

function blockWords(points: readonly SunSpecPointLayout[], block: BlockInput, factors: BlockInput) {
  return points.flatMap((point) => pointWords(point, block, factors));
}

export function layoutOf(id: number): SunSpecModelLayout {
  const layout = LAYOUTS.get(id);
  if (!layout) throw new Error(`no SunSpec model definition for model ${id}`);
  return layout;
}

/** One model's registers from its `ID` on: `ID`, `L`, the fixed block, the repeating blocks. */
function modelWords(model: ModelInput): number[] {
  const layout = layoutOf(model.id);
  const repeating = model.repeating ?? [];
  const group = layout.repeating;
  const length = layout.size - 2 + (group ? group.size * repeating.length : 0);
  const fixed = blockWords(
    layout.points,
    { ...model.values, ID: model.id, L: length },
    model.values,
  );
  const blocks = group
    ? repeating.flatMap((block) => blockWords(group.points, block, model.values))
    : [];
  return [...fixed, ...blocks];
}

/** Where a model sits in a served map: the address of its `ID` register. */
export interface ServedModel {
  id: number;
  address: number;
}

/** A device's whole SunSpec map: the marker, its models in order and the end marker. */
export interface RegisterImage {
  base: number;
  words: number[];
  models: ServedModel[];
}

export function registerImage(models: readonly ModelInput[], base = SUNSPEC_BASE_ADDRESS) {
  const words: number[] = [...SUNS_MARKER];
  const served: ServedModel[] = [];
  for (const model of models) {
    served.push({ id: model.id, address: base + words.length });
    words.push(...modelWords(model));
  }
  words.push(END_OF_MODELS, 0);
  return { base, words, models: served } satisfies RegisterImage;
}

/** The point a register address falls on, in a served model; undefined outside its fixed block. */
export function pointAt(
  image: RegisterImage,
  address: number,
): { modelId: number; point: SunSpecPointLayout } | undefined {
  for (const model of image.models) {
    const layout = layoutOf(model.id);
    const point = layout.points.find(
      (candidate) =>
        address >= model.address + candidate.offset &&
        address < model.address + candidate.offset + candidate.size,
    );
    if (point) return { modelId: model.id, point };
  }
  return undefined;
}
