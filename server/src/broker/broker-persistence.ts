import { mkdir } from 'node:fs/promises';
import aedesPersistenceLevel, { type LevelPersistence } from 'aedes-persistence-level';
import { ClassicLevel } from 'classic-level';

/**
 * Sessions, subscriptions, retained messages and queued QoS 1 messages of the embedded broker
 * in a LevelDB on disk (aedes-persistence-level over classic-level). LevelDB runs inside the
 * process (no Redis or MongoDB to operate), keeps its files under DATA_DIR beside PostgreSQL's,
 * and every write reaches the operating system before aedes sends its PUBACK, so a message
 * the broker acknowledged survives the server process being killed.
 */
export async function openBrokerPersistence(directory: string): Promise<LevelPersistence> {
  await mkdir(directory, { recursive: true });
  const db = new ClassicLevel<string, Buffer>(directory, { valueEncoding: 'buffer' });
  await db.open();
  return aedesPersistenceLevel(db);
}
