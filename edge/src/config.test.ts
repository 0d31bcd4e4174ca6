import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config.js';

const valid = {
  portal: { url: 'mqtt://portal.example.com:1883', sn: 'EDGE-1', key: 'secret' },
  bufferDir: '/var/lib/solar-edge',
  devices: [{ modbus: 'tcp://192.168.1.20:502', unitIds: [1, 2] }],
};

const problemsOf = (config: unknown) => {
  try {
    parseConfig(JSON.stringify(config));
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  return null;
};

describe('the agent config', () => {
  it('fills the defaults of a minimal config', () => {
    expect(parseConfig(JSON.stringify(valid))).toMatchObject({
      intervalSeconds: 10,
      bufferBudgetMb: 100,
      devices: [{ modbus: 'tcp://192.168.1.20:502', unitIds: [1, 2], timeoutMs: 1000 }],
    });
  });

  it.each([
    [{ ...valid, interval: 10 }, '(the file): unknown field interval'],
    [
      { ...valid, portal: { ...valid.portal, url: 'http://x' } },
      'portal.url: expected mqtt://host:port',
    ],
    [{ ...valid, portal: { ...valid.portal, sn: 'bad sn!' } }, 'portal.sn:'],
    [
      { ...valid, devices: [{ modbus: 'tcp://host', unitIds: [1] }] },
      'devices[0].modbus: expected tcp://host:port',
    ],
    [{ ...valid, devices: [{ modbus: 'tcp://h:502', unitIds: [300] }] }, 'devices[0].unitIds[0]:'],
    [{ ...valid, intervalSeconds: 0 }, 'intervalSeconds:'],
  ])('names the field of a bad config', (config, problem) => {
    expect(problemsOf(config)).toContain(problem);
  });

  it('refuses text that is not JSON', () => {
    expect(() => parseConfig('{ portal')).toThrow(/not JSON/);
  });
});

describe('npm run edge with a bad config', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'edge-config-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('stops with a message naming the field', async () => {
    const file = path.join(dir, 'agent.json');
    await writeFile(
      file,
      JSON.stringify({ ...valid, devices: [{ modbus: 'udp://x:1', unitIds: [1] }] }),
    );
    const run = promisify(execFile)('npm', ['run', '--silent', 'edge', '--', '--config', file], {
      cwd: path.resolve(import.meta.dirname, '../..'),
    });
    await expect(run).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('devices[0].modbus: expected tcp://host:port'),
    });
  });
});
