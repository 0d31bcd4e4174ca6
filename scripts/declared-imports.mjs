// Fails when a workspace imports a package its own package.json does not declare: another
// workspace (`@solar/…`, by name or by a relative path into its folder) or an npm package that
// only resolves because npm hoisted it for a neighbour. Every import counts (static, dynamic, type-only, `require`, `require.resolve`); the
// root package.json declares what the files outside the workspaces (configs, scripts) import.
//
// Usage: node scripts/declared-imports.mjs   (prints each undeclared import with one file)
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE = /\.(?:[cm]?[jt]sx?)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'build', 'coverage', 'test-results', 'data']);
const SPECIFIERS = [
  /(?:^|[\s;])(?:import|export)\s[^'"`]*?\sfrom\s+['"]([^'"]+)['"]/g,
  /(?:^|[\s;])import\s+['"]([^'"]+)['"]/g,
  /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
  /\brequire(?:\.resolve)?\(\s*['"]([^'"]+)['"]\s*\)/g,
  /\.resolve\(\s*['"]([^'"./][^'"]*)['"]\s*\)/g,
];
const BUILTINS = new Set(builtinModules);

function readJson(path) {
  return JSON.parse(readFileSync(path, 'utf8'));
}

/** The package an import names, or null for a relative path, a built-in or a virtual module. */
function packageOf(specifier) {
  if (/^(?:\.|\/|node:|virtual:|data:|https?:)/.test(specifier) || specifier.includes('?')) {
    return null;
  }
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
  return BUILTINS.has(name) ? null : name;
}

function declared(manifest) {
  return new Set([
    manifest.name,
    ...Object.keys(manifest.dependencies ?? {}),
    ...Object.keys(manifest.devDependencies ?? {}),
    ...Object.keys(manifest.peerDependencies ?? {}),
    ...Object.keys(manifest.optionalDependencies ?? {}),
  ]);
}

function sourceFiles(dir, skip) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (skip.has(path) || name.startsWith('.')) return [];
    if (statSync(path).isDirectory()) return SKIPPED_DIRS.has(name) ? [] : sourceFiles(path, skip);
    return SOURCE.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

function importsOf(file) {
  const text = readFileSync(file, 'utf8');
  return SPECIFIERS.flatMap((pattern) => [...text.matchAll(pattern)].map((match) => match[1]));
}

/** The workspace a relative import of `file` lands in when it leaves `dir`, else null. */
function workspaceReached(file, specifier, dir, workspaces) {
  if (!specifier.startsWith('.')) return null;
  const target = resolve(dirname(file), specifier);
  if (target.startsWith(dir + sep)) return null;
  const reached = workspaces.find((workspace) => target.startsWith(workspace + sep));
  return reached ? readJson(join(reached, 'package.json')).name : null;
}

/** Each undeclared import of the workspace at `dir`, with the first file that makes it. */
function undeclaredImports(dir, skip, workspaces) {
  const manifest = readJson(join(dir, 'package.json'));
  const allowed = declared(manifest);
  const found = new Map();
  for (const file of sourceFiles(dir, skip)) {
    for (const specifier of importsOf(file)) {
      const name = packageOf(specifier) ?? workspaceReached(file, specifier, dir, workspaces);
      // A package's types come with `@types/<name>`; the import still names the package.
      if (name && !allowed.has(name) && !found.has(name)) found.set(name, relative(ROOT, file));
    }
  }
  return { name: manifest.name ?? '(root)', found };
}

const rootManifest = readJson(join(ROOT, 'package.json'));
const workspaces = rootManifest.workspaces.map((workspace) => join(ROOT, workspace));
const results = [
  ...workspaces.map((dir) => undeclaredImports(dir, new Set(), workspaces)),
  // The root's own files (configs and scripts, which may name any workspace's files), every
  // workspace folder left out.
  undeclaredImports(ROOT, new Set(workspaces), []),
];
let failures = 0;
for (const { name, found } of results) {
  for (const [dependency, file] of found) {
    failures += 1;
    console.error(`${name} imports ${dependency} without declaring it (${file})`);
  }
}
if (failures > 0) {
  console.error(`\n${failures} undeclared import(s): add them to that workspace's package.json`);
  process.exit(1);
}
console.log(`declared imports: ${results.length} package.json files cover their imports`);
