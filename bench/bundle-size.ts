/**
 * Bundle size of the web app: the gzip size of the JavaScript the sign-in page loads (entry,
 * its static imports and its lazy chunks: the page and the public English texts) and of what
 * signing in adds (shell code, the signed-in texts and the plant list, where / leads).
 * Reads the Vite manifest of `web/dist`; builds first when there is none (or always with
 * --build).
 */
import { execSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { PUBLIC_NAMESPACES } from '../web/src/shared/i18n/namespaces.js';

interface ManifestChunk {
  file: string;
  src?: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST = path.join(ROOT, 'web/dist');
const MANIFEST = path.join(DIST, '.vite/manifest.json');
const LOCALE = 'en';

function loadManifest(): Manifest {
  if (process.argv.includes('--build') || !existsSync(MANIFEST)) {
    execSync('npm run build -w web', { cwd: ROOT, stdio: 'inherit' });
  }
  return JSON.parse(readFileSync(MANIFEST, 'utf8')) as Manifest;
}

/** A chunk and everything it imports statically, as manifest keys. */
function closure(manifest: Manifest, keys: string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    closure(manifest, manifest[key].imports ?? [], seen);
  }
  return seen;
}

function keysMatching(manifest: Manifest, pattern: RegExp): string[] {
  return Object.keys(manifest).filter((key) => pattern.test(key));
}

function gzipBytes(
  manifest: Manifest,
  keys: Iterable<string>,
): { raw: number; gzip: number; files: number } {
  let raw = 0;
  let gzip = 0;
  let files = 0;
  for (const key of keys) {
    const file = manifest[key]?.file;
    if (!file?.endsWith('.js')) continue;
    const content = readFileSync(path.join(DIST, file));
    raw += content.length;
    gzip += gzipSync(content, { level: 9 }).length;
    files += 1;
  }
  return { raw, gzip, files };
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} kB`;
}

function main(): void {
  const manifest = loadManifest();
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('no entry chunk in the Vite manifest');
  const signInLazy = [
    ...keysMatching(manifest, /features\/auth\/pages\/LoginPage\.tsx$/),
    ...keysMatching(
      manifest,
      new RegExp(`locales/${LOCALE}/(${PUBLIC_NAMESPACES.join('|')})\\.json$`),
    ),
  ];
  const signIn = closure(manifest, [entry, ...signInLazy]);
  const shellAll = closure(manifest, [
    ...keysMatching(manifest, /app\/router\/SignedInApp\.tsx$/),
    ...keysMatching(manifest, /features\/plants\/pages\/PlantListPage\.tsx$/),
    ...keysMatching(manifest, new RegExp(`locales/${LOCALE}/[^/]+\\.json$`)),
  ]);
  const shell = [...shellAll].filter((key) => !signIn.has(key));

  const rows = [
    ['sign-in page (entry + lazy chunks)', gzipBytes(manifest, signIn)],
    ['shell and plant list after sign-in', gzipBytes(manifest, shell)],
    ['sign-in + shell', gzipBytes(manifest, new Set([...signIn, ...shell]))],
  ] as const;
  for (const [label, size] of rows) {
    process.stdout.write(
      `${label.padEnd(38)} ${kb(size.gzip).padStart(10)} gzip  ${kb(size.raw).padStart(10)} raw  ${size.files} files\n`,
    );
  }
}

main();
