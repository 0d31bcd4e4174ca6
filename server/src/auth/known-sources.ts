import { sql } from 'kysely';
import type { Db } from '../db/database.js';

/** How long a source stays known after its last successful authentication. */
export const KNOWN_SOURCE_DAYS = 90;

/** The source of a device cookie: the digest of its token. */
export function deviceSource(tokenHash: string): string {
  return `device:${tokenHash}`;
}

/**
 * Where a subject (an account's e-mail, a datalogger's SN) authenticated before: addresses and
 * device cookies. Only a success makes a source known, so an attacker cannot make one.
 */
export class KnownSources {
  constructor(private readonly db: Db) {}

  /** The first of `candidates` that is known for the subject, if any. */
  async firstKnown(subject: string, candidates: readonly string[]): Promise<string | undefined> {
    const rows = await this.db
      .selectFrom('known_sources')
      .select('source')
      .where('subject', '=', subject.toLowerCase())
      .where('source', 'in', candidates)
      .where('last_seen_at', '>', sql<Date>`now() - make_interval(days => ${KNOWN_SOURCE_DAYS})`)
      .execute();
    const known = new Set(rows.map((row) => row.source));
    return candidates.find((candidate) => known.has(candidate));
  }

  async remember(subject: string, sources: readonly string[]): Promise<void> {
    await this.db
      .insertInto('known_sources')
      .values(sources.map((source) => ({ subject: subject.toLowerCase(), source })))
      .onConflict((conflict) =>
        conflict.columns(['subject', 'source']).doUpdateSet({ last_seen_at: sql<Date>`now()` }),
      )
      .execute();
  }
}
