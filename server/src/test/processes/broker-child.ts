// Run as a child process by embedded-broker-persistence.test.ts: starts the embedded broker
// with its persistence folder, prints one line of JSON with the port, then waits to be killed.
import pino from 'pino';
import { createDb } from '../../db/database.js';
import { startEmbeddedBroker } from '../../broker/embedded-broker.js';

const [databaseUrl, persistenceDir, internalPassword] = process.argv.slice(2);
if (!databaseUrl || !persistenceDir || !internalPassword) {
  throw new Error('usage: broker-child <databaseUrl> <persistenceDir> <internalPassword>');
}
const broker = await startEmbeddedBroker({
  db: createDb(databaseUrl, 2),
  logger: pino({ level: 'warn' }),
  port: 0,
  host: '127.0.0.1',
  persistenceDir,
  internalPassword,
});
process.stdout.write(`${JSON.stringify({ port: broker.port })}\n`);
