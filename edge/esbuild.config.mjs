// Builds the edge agent as one folder to copy onto a device: edge/dist/agent.js holds the agent
// and every JavaScript dependency (the workspace contract, mqtt, zod, modbus-serial, serialport's
// JavaScript); only serialport's native binding cannot be bundled, so its package, with the
// prebuilt binaries for Linux, macOS and Windows on x64 and arm, and its dependencies are copied
// to edge/dist/node_modules. Run with plain node: `node dist/agent.js --config FILE`.
//   node edge/esbuild.config.mjs [output folder, edge/dist by default]
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const here = import.meta.dirname;
const dist = path.resolve(process.argv[2] ?? path.join(here, 'dist'));
/** The one package with a native part: loaded at run time from dist/node_modules. */
const NATIVE_BINDING = '@serialport/bindings-cpp';

/** The folder of a package as Node finds it from `fromDir` (its node_modules, then upwards). */
function packageDir(name, fromDir) {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (dir === path.dirname(dir)) throw new Error(`${name} is not installed (npm install)`);
  }
}

/**
 * Copies a package and what it depends on, keeping each where Node looks for it: a package
 * nested in another's node_modules travels with it, the others go to dist/node_modules.
 */
function copyWithDependencies(name, fromDir, copied = new Set()) {
  const source = packageDir(name, fromDir);
  if (copied.has(source)) return;
  copied.add(source);
  const nested = [...copied].some((dir) => source.startsWith(`${dir}${path.sep}node_modules`));
  if (!nested) cpSync(source, path.join(dist, 'node_modules', name), { recursive: true });
  const manifest = JSON.parse(readFileSync(path.join(source, 'package.json'), 'utf8'));
  for (const dependency of Object.keys(manifest.dependencies ?? {}))
    copyWithDependencies(dependency, source, copied);
}

rmSync(dist, { recursive: true, force: true });
await build({
  entryPoints: { agent: path.join(here, 'src/cli.ts') },
  outdir: dist,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [NATIVE_BINDING],
  // The bundled CommonJS (modbus-serial, serialport) calls require: give the ES module one.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
writeFileSync(
  path.join(dist, 'package.json'),
  `${JSON.stringify({ name: 'solar-edge-agent', private: true, type: 'module' }, null, 2)}\n`,
);
copyWithDependencies(NATIVE_BINDING, here);
