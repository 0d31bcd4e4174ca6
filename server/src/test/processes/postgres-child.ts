// Run as a child process by embedded-postgres-restart.test.ts: starts an embedded PostgreSQL on
// the data directory given as argument, prints one line of JSON when it is ready, then waits to
// be killed.
import pino from 'pino';
import { startEmbeddedPostgres } from '../../db/embedded-postgres.js';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: postgres-child <dataDir>');
const database = await startEmbeddedPostgres(dataDir, pino({ level: 'warn' }));
process.stdout.write(`${JSON.stringify({ url: database.url })}\n`);
setInterval(() => undefined, 60_000);
