import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loadEmbeddedPostgres, startEmbeddedPostgres } from './embedded-postgres.js';

describe('loadEmbeddedPostgres', () => {
  // Its exit hook called process.exit itself: a failing test run exited 0, SIGTERM cut
  // in-flight requests short.
  it('leaves no exit or signal listener of the package behind', async () => {
    const events = ['beforeExit', 'exit', 'SIGINT', 'SIGTERM'] as const;
    const counts = () => events.map((event) => process.listenerCount(event));
    const before = counts();
    const EmbeddedPostgres = await loadEmbeddedPostgres();
    expect(typeof EmbeddedPostgres).toBe('function');
    expect(counts()).toEqual(before);
  });
});

/** Runs `text` as the embedded role with `password` instead of the URL's; the error code if refused. */
async function runAs(url: string, password: string, text = 'SELECT 1'): Promise<string> {
  const withPassword = new URL(url);
  withPassword.password = password;
  const client = new pg.Client({ connectionString: withPassword.toString() });
  try {
    await client.connect();
    await client.query(text);
    return 'ok';
  } catch (error) {
    return String((error as { code?: unknown }).code);
  } finally {
    await client.end().catch(() => undefined);
  }
}

describe('the embedded cluster password', () => {
  it('is generated into DATA_DIR/secrets; a cluster initialised with the fixed one takes it on', async () => {
    const logger = pino({ level: 'silent' });
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-password-'));
    const secretFile = path.join(dataDir, 'secrets', 'postgres-password');
    try {
      const first = await startEmbeddedPostgres(dataDir, logger);
      const generated = (await readFile(secretFile, 'utf8')).trim();
      expect(generated).toHaveLength(64);
      expect(decodeURIComponent(new URL(first.url).password)).toBe(generated);
      expect(await runAs(first.url, generated)).toBe('ok');
      // 28P01: invalid_password.
      expect(await runAs(first.url, 'portal')).toBe('28P01');

      // As a data directory of an earlier version: the fixed password and no secret file.
      expect(await runAs(first.url, generated, "ALTER ROLE portal PASSWORD 'portal'")).toBe('ok');
      await first.stop();
      await rm(secretFile);
      const upgraded = await startEmbeddedPostgres(dataDir, logger);
      try {
        const adopted = (await readFile(secretFile, 'utf8')).trim();
        expect(adopted).not.toBe(generated);
        expect(await runAs(upgraded.url, adopted)).toBe('ok');
        expect(await runAs(upgraded.url, 'portal')).toBe('28P01');
      } finally {
        await upgraded.stop();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
