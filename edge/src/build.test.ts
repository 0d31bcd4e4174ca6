import { execFile } from 'node:child_process';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const edgeDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Plain node in `cwd`, with its exit code instead of a rejection. */
async function node(cwd: string, args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, args, { cwd });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('the one-folder build of the edge agent', () => {
  let workDir: string;
  let device: string;

  beforeAll(async () => {
    workDir = await mkdtemp(path.join(os.tmpdir(), 'edge-build-'));
    const built = path.join(workDir, 'built');
    await run(process.execPath, [path.join(edgeDir, 'esbuild.config.mjs'), built]);
    // The folder alone, away from the repository and its node_modules, as on a device.
    device = path.join(workDir, 'device');
    await cp(built, device, { recursive: true });
    await rm(built, { recursive: true });
  }, 120_000);
  afterAll(() => rm(workDir, { recursive: true, force: true }));

  it('refuses a bad config naming the field, with exit code 2', async () => {
    const config = path.join(device, 'bad.json');
    await writeFile(
      config,
      JSON.stringify({
        portal: { url: 'http://portal', sn: 'EDGE1', key: 'k' },
        bufferDir: path.join(device, 'buffer'),
        devices: [{ modbus: 'tcp://127.0.0.1:1502', unitIds: [1] }],
      }),
    );
    const result = await node(device, ['agent.js', '--config', config]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('portal.url: expected mqtt://host:port or mqtts://host:port');
  });

  it('prints the status of a config that has not run yet', async () => {
    const config = path.join(device, 'agent.json');
    await writeFile(
      config,
      JSON.stringify({
        portal: { url: 'mqtt://127.0.0.1:1883', sn: 'EDGE1', key: 'k' },
        bufferDir: path.join(device, 'buffer'),
        devices: [{ modbus: 'rtu:///dev/ttyUSB0', unitIds: [1] }],
      }),
    );
    const result = await node(device, ['agent.js', '--config', config, '--status']);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toContain('no status to show');
  });

  it('loads the native serial port binding copied beside the agent', async () => {
    const script = [
      "import { createRequire } from 'node:module';",
      "const require = createRequire(new URL('./agent.js', import.meta.url));",
      "const binding = require('@serialport/bindings-cpp');",
      "console.log(require.resolve('@serialport/bindings-cpp'));",
      'console.log(Array.isArray(await binding.autoDetect().list()));',
    ].join('\n');
    await writeFile(path.join(device, 'probe.mjs'), script);
    const result = await node(device, ['probe.mjs']);
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe(
      `${path.join(device, 'node_modules/@serialport/bindings-cpp/dist/index.js')}\ntrue\n`,
    );
  });
});
