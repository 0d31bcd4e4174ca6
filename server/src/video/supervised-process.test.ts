import { execFile } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { promisify } from 'node:util';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { SupervisedProcess } from './supervised-process.js';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How many `sleep` processes with exactly these seconds run now. */
async function running(seconds: string): Promise<number> {
  const { stdout } = await promisify(execFile)('pgrep', ['-f', `^sleep ${seconds}$`]).catch(() => ({
    stdout: '',
  }));
  return stdout.split('\n').filter(Boolean).length;
}

let supervised: SupervisedProcess | null = null;
afterEach(() => supervised?.stop());

describe('a supervised process', () => {
  it('runs one child however quickly it is restarted (a burst of PTZ moves)', async () => {
    const seconds = `1000.${randomInt(1_000_000)}`;
    supervised = new SupervisedProcess('sleep', () => [seconds], pino({ level: 'silent' }));
    for (let restart = 0; restart < 40; restart += 1) {
      supervised.restart(() => [seconds]);
      await pause(randomInt(15));
    }
    await pause(500);
    expect(await running(seconds)).toBe(1);
    await supervised.stop();
    await pause(200);
    expect(await running(seconds)).toBe(0);
  });
});
