// Fails when a domain folder depends, through any chain of imports, on itself: folders form
// layers, and a folder may import from folders below it only. Every import counts, type-only ones
// too (they couple the folders as much). A file at the top of a tree (main, app, app-deps) is a
// layer of its own and obeys the same rule. Tests and the test support under `test/` (fixtures,
// factories, child processes) may reach across freely, so they do not count; production code
// may not import them.
//
// Usage: node scripts/folder-cycles.mjs   (prints each cycle's imports, one example file each)
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';

/** Each tree with the depth of its domain folders (web: app/x, features/x, shared/x). */
const TREES = [
  { root: 'packages/contract/src', depth: 1 },
  { root: 'server/src', depth: 1 },
  { root: 'simulator/src', depth: 1 },
  { root: 'web/src', depth: 2 },
];
const SOURCE = /\.tsx?$/;
const TEST_SUPPORT =
  /\.(test|spec)\.tsx?$|\.d\.ts$|[.-]fixtures?\.ts$|(^|\/)test-utils\.tsx?$|(^|\/)test\//;
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?\sfrom\s+'(\.{1,2}\/[^']+)'/g;
const DYNAMIC_IMPORT = /import\(\s*'(\.{1,2}\/[^']+)'\s*\)/g;

function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(path);
    return SOURCE.test(name) ? [path] : [];
  });
}

function resolveImport(files, from, specifier) {
  const base = normalize(join(dirname(from), specifier)).replace(/\.js$/, '');
  return ['.ts', '.tsx', '/index.ts', '/index.tsx']
    .map((ending) => base + ending)
    .find((candidate) => files.has(candidate));
}

/**
 * The folder → folder imports of one tree, each with the file imports that make it, and the
 * imports of test support by production files.
 */
function folderImports({ root, depth }) {
  const files = new Set(sourceFiles(root));
  const folderOf = (file) => {
    const parts = relative(root, file).split(sep);
    return parts.length > depth ? parts.slice(0, depth).join('/') : parts.join('/');
  };
  const edges = new Map();
  const testImports = [];
  for (const file of files) {
    const from = folderOf(file);
    if (TEST_SUPPORT.test(relative(root, file))) continue;
    const text = readFileSync(file, 'utf8');
    for (const match of [...text.matchAll(IMPORT), ...text.matchAll(DYNAMIC_IMPORT)]) {
      const target = resolveImport(files, file, match[1]);
      if (target && TEST_SUPPORT.test(relative(root, target)))
        testImports.push(`${relative(root, file)} -> ${relative(root, target)}`);
      const to = target && folderOf(target);
      if (!to || to === from) continue;
      const key = `${from} -> ${to}`;
      if (!edges.has(key)) edges.set(key, { from, to, examples: [] });
      edges.get(key).examples.push(`${relative(root, file)} -> ${relative(root, target)}`);
    }
  }
  return { edges: [...edges.values()], testImports };
}

/** Strongly connected components of more than one folder (Tarjan). */
function cycles(edges) {
  const next = new Map();
  for (const { from, to } of edges) {
    if (!next.has(from)) next.set(from, []);
    if (!next.has(to)) next.set(to, []);
    next.get(from).push(to);
  }
  const index = new Map();
  const low = new Map();
  const stack = [];
  const found = [];
  const visit = (node) => {
    index.set(node, index.size);
    low.set(node, index.get(node));
    stack.push(node);
    for (const to of next.get(node)) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node), low.get(to)));
      } else if (stack.includes(to)) low.set(node, Math.min(low.get(node), index.get(to)));
    }
    if (low.get(node) !== index.get(node)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      component.push(member);
    } while (member !== node);
    if (component.length > 1) found.push(new Set(component));
  };
  for (const node of next.keys()) if (!index.has(node)) visit(node);
  return found;
}

let failed = false;
for (const tree of TREES) {
  const { edges, testImports } = folderImports(tree);
  for (const testImport of testImports) {
    failed = true;
    console.log(`${tree.root}: production code imports test support: ${testImport}`);
  }
  for (const members of cycles(edges)) {
    failed = true;
    console.log(`${tree.root}: folders that import each other: ${[...members].sort().join(', ')}`);
    for (const edge of edges.filter((e) => members.has(e.from) && members.has(e.to)))
      console.log(
        `  ${edge.from} -> ${edge.to}  (${edge.examples.length}, e.g. ${edge.examples[0]})`,
      );
  }
}
if (failed) process.exit(1);
console.log('folder imports: no cycles');
