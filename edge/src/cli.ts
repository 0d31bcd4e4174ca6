import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { statusFileOf, EdgeAgent } from './agent.js';
import { ConfigError, loadConfig } from './config.js';

const print = (line: string) => process.stdout.write(`${line}\n`);
const printError = (line: string) => process.stderr.write(`${line}\n`);
const log = {
  info: (message: string) => print(`${new Date().toISOString()} ${message}`),
  warn: (message: string) => printError(`${new Date().toISOString()} warning: ${message}`),
};

const USAGE = 'usage: npm run edge -- --config FILE [--status]';

/**
 * Where relative paths (the config file, its bufferDir) start: the folder the command was typed
 * in, also when npm runs the agent from the edge workspace (npm passes that folder as INIT_CWD).
 */
const invokedFrom = process.env.INIT_CWD ?? process.cwd();

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { config: { type: 'string' }, status: { type: 'boolean', default: false } },
  });
  if (!values.config) {
    printError(USAGE);
    return 2;
  }
  const loaded = await loadConfig(path.resolve(invokedFrom, values.config));
  const config = { ...loaded, bufferDir: path.resolve(invokedFrom, loaded.bufferDir) };
  if (values.status) {
    const status = await readFile(statusFileOf(config.bufferDir), 'utf8').catch(() => null);
    print(status ?? 'The agent has not run with this config yet: no status to show.');
    return 0;
  }
  const agent = new EdgeAgent(config, log);
  await agent.start();
  log.info(`reading ${config.devices.length} bus(es) every ${config.intervalSeconds} s`);
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
  });
  log.info('stopping: the buffered readings stay on disk for the next start');
  await agent.stop();
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    printError(
      error instanceof ConfigError
        ? `The config is not valid:\n${error.message}`
        : String((error as Error).stack ?? error),
    );
    process.exit(error instanceof ConfigError ? 2 : 1);
  },
);
