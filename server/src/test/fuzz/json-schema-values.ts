import fc from 'fast-check';

/** The subset of JSON Schema that the OpenAPI document of the contract's zod schemas uses. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

const HUGE = 100_000;

/** Strings that broke or could break servers: NUL, lone surrogates, huge, control, injection. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\ud800',
    'x\udfffy',
    '\ud83d\ude00',
    '\u202e\u0301',
    '\r\n\t',
    '%00',
    '%',
    "' OR 1=1 --",
    '"; DROP TABLE users; --',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    '__proto__',
    'constructor',
    '-0',
    '1e309',
    '-1e309',
    'NaN',
    'Infinity',
    '0x10',
    '９',
    '9'.repeat(400),
    '2026-02-30',
    '9999-12-31T23:59:59Z',
    'true',
    'null',
  ),
  fc.constantFrom('x'.repeat(HUGE), '\u0000'.repeat(1000), '\ud800'.repeat(1000)),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
);

/** Numbers at and beyond every boundary a validator or a PostgreSQL column has. */
export const boundaryNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    1,
    -1,
    0.5,
    2 ** 31 - 1,
    2 ** 31,
    -(2 ** 31),
    2 ** 53,
    -(2 ** 53),
    Number.MAX_VALUE,
    -Number.MAX_VALUE,
    Number.MIN_VALUE,
    1e-7,
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** A value nested `depth` levels deep, alternating arrays and objects. */
function deeplyNested(depth: number): unknown {
  let value: unknown = 'leaf';
  for (let level = 0; level < depth; level += 1) value = level % 2 ? [value] : { a: value };
  return value;
}

const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 2, depthSize: 'xsmall' }),
  nastyString,
  boundaryNumber,
  fc.constantFrom(deeplyNested(50), deeplyNested(2000)),
);

function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  const { minLength = 0, maxLength } = schema;
  const bounds = [minLength, minLength - 1, maxLength, (maxLength ?? minLength) + 1]
    .filter((length): length is number => length !== undefined && length >= 0)
    .map((length) => 'a'.repeat(length));
  const fitting = fc.string({ minLength, maxLength: Math.min(maxLength ?? 30, minLength + 30) });
  return fc.oneof(fc.constantFrom(...bounds), fitting, nastyString);
}

function numberFor(schema: JsonSchema): fc.Arbitrary<number> {
  const edges = [schema.minimum, schema.maximum]
    .filter((edge): edge is number => edge !== undefined)
    .flatMap((edge) => [edge, edge - 1, edge + 1, edge + 0.5]);
  const inRange =
    schema.type === 'integer'
      ? fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000 })
      : fc.double({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000, noNaN: true });
  return fc.oneof(edges.length ? fc.constantFrom(...edges) : inRange, inRange, boundaryNumber);
}

function objectFor(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const properties = Object.entries(schema.properties ?? {});
  const record = Object.fromEntries(
    properties.map(([key, property]) => [key, valueFor(property, depth + 1)]),
  );
  const shaped = fc.record(record, { requiredKeys: schema.required ?? [] });
  const withUnknownKey = shaped.map((value) => ({ ...value, unknownField: 'x' }));
  return fc.oneof({ weight: 6, arbitrary: shaped }, { weight: 1, arbitrary: withUnknownKey });
}

/**
 * Values for one schema: mostly shaped like it (so requests reach the services), with boundary
 * values at every limit and, now and then, anything at all.
 */
export function valueFor(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  const alternatives = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => valueFor(s, depth)));
  if (depth > 6) return anyJson;
  const shaped = shapedValueFor(schema, depth);
  return fc.oneof({ weight: 8, arbitrary: shaped }, { weight: 1, arbitrary: anyJson });
}

function shapedValueFor(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const type = (Array.isArray(schema.type) ? schema.type[0] : schema.type) ?? 'any';
  switch (type) {
    case 'string':
      return stringFor(schema);
    case 'integer':
    case 'number':
      return numberFor(schema);
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(valueFor(schema.items ?? {}, depth + 1), { maxLength: 6, size: 'xsmall' });
    case 'object':
      return objectFor(schema, depth);
    default:
      return anyJson;
  }
}
