import { type ChildProcessWithoutNullStreams, execFileSync, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createInterface, type Interface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The SunSpec Alliance's model definitions the register images are built from. */
export const SUNSPEC_MODELS_DIR = path.resolve(here, '../../../../shared/sunspec');
const SERVER_SCRIPT = path.join(here, 'sunspec_device_server.py');
/** Debian's Python, which Debian's pymodbus is installed for. */
const PYTHON = '/usr/bin/python3';

export interface ServedModel {
  id: number;
  /** A vendor model's registers, served as they are. */
  raw?: number[];
  values?: Record<string, number | string>;
  repeating?: Record<string, number | string>[];
}
export interface ServedUnit {
  base?: number;
  models: ServedModel[];
}

/** Installs Debian's python3-pymodbus when it is missing (once per test run). */
export function ensurePymodbus(): void {
  execFileSync('bash', [path.resolve(here, '../../scripts/ensure-pymodbus.sh')], {
    stdio: 'inherit',
  });
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/**
 * SunSpec devices served by pymodbus over TCP (Modbus TCP framing, or RTU framing as a serial
 * gateway sends it), with a side channel to read and change the served registers.
 */
export class SunSpecDeviceServer {
  private constructor(
    private readonly process: ChildProcessWithoutNullStreams,
    private readonly lines: Interface,
    private readonly dir: string,
    readonly port: number,
  ) {}

  static async start(
    units: Record<number, ServedUnit>,
    framer: 'socket' | 'rtu' = 'socket',
  ): Promise<SunSpecDeviceServer> {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'sunspec-'));
    const port = await freePort();
    const config = path.join(dir, 'devices.json');
    await writeFile(config, JSON.stringify({ modelsDir: SUNSPEC_MODELS_DIR, port, framer, units }));
    const child = spawn(PYTHON, [SERVER_SCRIPT, config]);
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    const lines = createInterface({ input: child.stdout });
    const server = new SunSpecDeviceServer(child, lines, dir, port);
    const ready = await server.nextLine().catch(() => '');
    if (!ready.startsWith('listening')) throw new Error(`pymodbus did not start: ${errors}`);
    return server;
  }

  get url(): string {
    return `tcp://127.0.0.1:${this.port}`;
  }

  async registers(unitId: number, address: number, count: number): Promise<number[]> {
    this.process.stdin.write(`get ${unitId} ${address} ${count}\n`);
    return JSON.parse(await this.nextLine()) as number[];
  }

  async setRegisters(unitId: number, address: number, values: readonly number[]): Promise<void> {
    this.process.stdin.write(`set ${unitId} ${address} ${values.join(' ')}\n`);
    await this.nextLine();
  }

  /** Ends the device; again once it has ended does nothing. */
  async stop(): Promise<void> {
    if (this.process.exitCode !== null || this.process.signalCode !== null) return;
    const exited = new Promise((resolve) => this.process.once('exit', resolve));
    this.process.stdin.end('quit\n');
    setTimeout(() => this.process.kill('SIGKILL'), 2000).unref();
    await exited;
    this.lines.close();
    await rm(this.dir, { recursive: true, force: true });
  }

  private nextLine(): Promise<string> {
    return new Promise((resolve, reject) => {
      const onExit = () => reject(new Error('pymodbus exited'));
      this.process.once('exit', onExit);
      this.lines.once('line', (line) => {
        this.process.off('exit', onExit);
        resolve(line);
      });
    });
  }
}
