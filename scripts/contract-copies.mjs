// Lists hand-written copies of contract shapes: every interface or object type literal in
// web/src and server/src whose property names are exactly the keys of a contract schema (an
// exported object schema, or an endpoint's params, query, body or data), and every list
// filter or form value type (named `…Filters` or `…Values`) whose property names are some of
// a contract schema's keys (a filter picks from the list's query). A copy keeps
// compiling when the schema changes; a type derived from the schema (`EndpointQuery`,
// `ParsedBody`, `z.infer`) does not. Exits 1 when it finds one.
// Run with tsx (the contract is TypeScript): `npx tsx scripts/contract-copies.mjs`.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import * as contract from '../packages/contract/src/index.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SCANNED = ['web/src', 'server/src'];
/** Shapes with fewer keys match too much by chance (`{ id }`, `{ sn, name }`). */
const MIN_KEYS = 3;
/**
 * Same keys, other meaning: `file:name` of a type that is not a copy, and why. A type literal
 * without a name is listed under the name of the declaration that holds it.
 */
const NOT_COPIES = new Map([
  [
    'server/src/db/listing.ts:query',
    "the paging every searchable list shares, not one endpoint's query",
  ],
]);

/** The object schema under wrappers (optional, default, pipe, ...), or null. */
function objectKeys(schema, depth = 0) {
  const def = schema?._zod?.def;
  if (!def || depth > 8) return null;
  if (def.type === 'object') return Object.keys(def.shape);
  if (def.type === 'pipe') return objectKeys(def.in, depth + 1) ?? objectKeys(def.out, depth + 1);
  if (def.innerType) return objectKeys(def.innerType, depth + 1);
  return null;
}

/** Filter and form value types: their keys are picked from a schema, not all of them. */
const PICKED_SHAPE_NAME = /(Filters|Values)$/;

function addShape(shapes, keys, name) {
  if (!keys) return;
  const signature = [...keys].sort().join(',');
  shapes.set(signature, [...(shapes.get(signature) ?? []), name]);
}

/** A filter picks from a list's query, form values from an endpoint's body. */
const PICKED_FROM = { Filters: '.query', Values: '.body' };

/** The contract names for a type's own keys, or none. */
function restated(shapes, { name, keys, isDeclared }) {
  const signature = [...keys].sort().join(',');
  const exact = keys.length >= MIN_KEYS ? (shapes.get(signature) ?? []) : [];
  const picked = PICKED_SHAPE_NAME.exec(name)?.[1];
  if (exact.length > 0 || !picked || !isDeclared || keys.length === 0) return exact;
  return [...shapes]
    .filter(([shape]) => keys.every((key) => shape.split(',').includes(key)))
    .flatMap(([, names]) => names.filter((found) => found.endsWith(PICKED_FROM[picked])));
}

function isEndpoint(value) {
  return typeof value === 'object' && value !== null && 'method' in value && 'data' in value;
}

/** Sorted key list -> the contract names that have exactly those keys. */
function contractShapes() {
  const shapes = new Map();
  for (const [name, value] of Object.entries(contract)) {
    if (isEndpoint(value)) {
      for (const part of ['params', 'query', 'body', 'data']) {
        addShape(shapes, objectKeys(value[part]), `${name}.${part}`);
      }
      const item = value.data?._zod?.def.shape?.infos?._zod.def.element;
      addShape(shapes, objectKeys(item), `${name}.data.infos[]`);
    } else {
      addShape(shapes, objectKeys(value), name);
    }
  }
  return shapes;
}

function sourceFiles(dir) {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .filter((entry) => !/\.(test|generated)\.tsx?$|\.d\.ts$/.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

function memberNames(members) {
  return members.flatMap((member) =>
    member.name && (ts.isIdentifier(member.name) || ts.isStringLiteral(member.name))
      ? [member.name.text]
      : [],
  );
}

/** The name of the nearest named declaration around a node, for the report. */
function holderName(node) {
  for (let at = node; at; at = at.parent) {
    if (at.name && ts.isIdentifier(at.name)) return at.name.text;
  }
  return '(anonymous)';
}

function copiesIn(file, shapes) {
  const text = readFileSync(path.join(root, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found = [];
  const visit = (node) => {
    const isOwnShape =
      (ts.isInterfaceDeclaration(node) && !node.heritageClauses) || ts.isTypeLiteralNode(node);
    if (isOwnShape) {
      const name = holderName(node);
      const matches = restated(shapes, {
        name,
        keys: [...new Set(memberNames(node.members))],
        // Declared as the whole of a named type, not a part of one (`Extract<T, { kind }>`).
        isDeclared: ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node.parent),
      });
      if (matches.length > 0 && !NOT_COPIES.has(`${file}:${name}`)) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart());
        found.push(`${file}:${line + 1} ${name} restates ${matches.join(' | ')}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const shapes = contractShapes();
const copies = SCANNED.flatMap(sourceFiles).flatMap((file) => copiesIn(file, shapes));
for (const copy of copies) console.log(copy);
if (copies.length > 0) {
  console.error(
    `\n${copies.length} hand-written copies of contract shapes: derive them from the contract ` +
      '(EndpointQuery, EndpointBody, ParsedBody, z.infer) or, if the keys match by chance, ' +
      'list the type in NOT_COPIES with the reason.',
  );
  process.exit(1);
}
console.log(`contract copies: none (${shapes.size} contract shapes checked)`);
