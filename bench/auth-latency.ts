/**
 * Sign-in and profile latency: starts the server in-process on a free port with an embedded
 * PostgreSQL in a temporary folder, creates one account, then loads POST /oauth/token and
 * GET /api/v1/user with 20 concurrent connections for a few seconds each. Prints a table;
 * asserts nothing. Takes well under a minute.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import autocannon, { type Result } from 'autocannon';
import { buildApp } from '../server/src/app.js';
import { hashPassword } from '../server/src/auth/passwords.js';
import { loadConfig } from '../server/src/config/config.js';
import { startEmbeddedPostgres } from '../server/src/db/embedded-postgres.js';
import { createDeps, createLogger } from '../server/src/runtime.js';

const CONNECTIONS = 20;
const SECONDS_PER_RUN = 8;
const EMAIL = 'bench@example.com';
const PASSWORD = 'Bench2026';

interface Row {
  name: string;
  result: Result;
}

function print(rows: Row[]): void {
  const header = ['endpoint', 'p50 ms', 'p99 ms', 'req/s', 'requests', 'errors', 'non-2xx'];
  const lines = rows.map(({ name, result }) => [
    name,
    result.latency.p50.toFixed(1),
    result.latency.p99.toFixed(1),
    result.requests.average.toFixed(1),
    String(result.requests.total),
    String(result.errors + result.timeouts),
    String(result.non2xx),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const format = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ');
  process.stdout.write(
    [
      `\nAuth latency, ${CONNECTIONS} connections, ${SECONDS_PER_RUN} s per endpoint\n`,
      format(header),
      format(widths.map((w) => '-'.repeat(w))),
      ...lines.map(format),
      '',
    ].join('\n'),
  );
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SIMULATOR: 'off' });
  const logger = createLogger(config);
  const database = await startEmbeddedPostgres(dataDir, logger);
  const deps = await createDeps(config, database.url, logger);
  const app = await buildApp(deps);
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    await deps.db
      .insertInto('users')
      .values({
        email: EMAIL,
        password_hash: await hashPassword(PASSWORD),
        nickname: 'Bench',
        kind: 'owner',
        company_id: null,
        role_id: null,
        phone: null,
        avatar_url: null,
        theme_color: null,
      })
      .execute();

    const loginBody = new URLSearchParams({
      grant_type: 'password',
      username: EMAIL,
      password: PASSWORD,
    }).toString();
    const formHeaders = { 'content-type': 'application/x-www-form-urlencoded' };
    const first = await fetch(`${base}/oauth/token`, {
      method: 'POST',
      headers: formHeaders,
      body: loginBody,
    });
    const envelope = (await first.json()) as { code: number; data: { access_token: string } };
    if (envelope.code !== 0) throw new Error(`sign-in failed with code ${envelope.code}`);

    const login = await autocannon({
      url: `${base}/oauth/token`,
      method: 'POST',
      headers: formHeaders,
      body: loginBody,
      connections: CONNECTIONS,
      duration: SECONDS_PER_RUN,
    });
    const profile = await autocannon({
      url: `${base}/api/v1/user`,
      headers: { authorization: `Bearer ${envelope.data.access_token}` },
      connections: CONNECTIONS,
      duration: SECONDS_PER_RUN,
    });
    print([
      { name: 'POST /oauth/token (password)', result: login },
      { name: 'GET /api/v1/user', result: profile },
    ]);
  } finally {
    await app.close();
    await deps.db.destroy();
    await database.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
