// Builds what `npm start` runs with plain node: the server (server/dist/main.js and one file
// per migration in server/dist/migrations, which the migrator reads from beside main.js) and
// the simulator (simulator/dist/cli.js). The workspace packages (@solar/contract,
// @solar/simulator) ship TypeScript sources, so they are bundled in; every package from the
// registry stays an import resolved from node_modules at run time.
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = import.meta.dirname;

function registryDependencies(workspace) {
  const manifest = JSON.parse(readFileSync(path.join(root, workspace, 'package.json'), 'utf8'));
  return Object.keys(manifest.dependencies ?? {}).filter((name) => !name.startsWith('@solar/'));
}

const external = [
  ...new Set(['server', 'simulator', 'packages/contract'].flatMap(registryDependencies)),
].flatMap((name) => [name, `${name}/*`]);

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
};

const migrationsDir = path.join(root, 'server/src/db/migrations');
const migrations = Object.fromEntries(
  readdirSync(migrationsDir)
    .filter((file) => /^\d{4}_.*\.ts$/.test(file))
    .map((file) => [`migrations/${file.replace(/\.ts$/, '')}`, path.join(migrationsDir, file)]),
);

// Emptied first, so a migration renamed in the sources leaves no stale copy behind.
for (const dist of ['server/dist', 'simulator/dist'])
  rmSync(path.join(root, dist), { recursive: true, force: true });

await Promise.all([
  build({
    ...common,
    entryPoints: {
      main: path.join(root, 'server/src/main.ts'),
      // A worker thread's file, found beside main.js (server/src/gateways/spreadsheet-reader.ts).
      'spreadsheet-table.worker': path.join(
        root,
        'server/src/gateways/spreadsheet-table.worker.ts',
      ),
      ...migrations,
    },
    outdir: path.join(root, 'server/dist'),
  }),
  build({
    ...common,
    entryPoints: { cli: path.join(root, 'simulator/src/cli.ts') },
    outdir: path.join(root, 'simulator/dist'),
  }),
]);
