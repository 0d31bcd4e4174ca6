import { attemptLimit, AttemptLimiter, type GuessLimits } from '../auth/attempt-limiter.js';
import { KnownSources } from '../auth/known-sources.js';
import type { Db } from '../db/database.js';
import type { DataloggerDirectory, KnownDatalogger } from './datalogger-directory.js';

/**
 * Key guesses at one datalogger. Per address across serial numbers the budget is high: a fleet
 * behind one NAT address reconnecting at once holds it while its right keys are checked (the
 * embedded broker also closes an address after 30 failed connects, `BrokerLimits`).
 */
export const DATALOGGER_KEY_GUESSES: GuessLimits = {
  perSubjectAndSource: attemptLimit('datalogger:sn-address', 10, 15),
  perSource: attemptLimit('datalogger:address', 2000, 15),
  perSubject: attemptLimit('datalogger:sn', 30, 60),
  perSubjectAndSourceUnderAttack: attemptLimit('datalogger:sn-address:under-attack', 1, 60),
};

export type KeyCheck =
  | { kind: 'accepted'; datalogger: KnownDatalogger }
  /** A wrong key or an unknown SN: they answer alike. */
  | { kind: 'refused' }
  | { kind: 'overBudget' };

/**
 * Checks datalogger keys for both transports (MQTT CONNECT, HTTP upload) against one set of
 * budgets in PostgreSQL, so guesses over both add up and hold across server processes. The
 * address a datalogger authenticated from before keeps a budget of its own: guesses from
 * elsewhere never refuse its right key there.
 */
export class DataloggerKeyGuard {
  private readonly limiter: AttemptLimiter;
  private readonly knownSources: KnownSources;

  constructor(
    db: Db,
    private readonly directory: DataloggerDirectory,
  ) {
    this.limiter = new AttemptLimiter(db);
    this.knownSources = new KnownSources(db);
  }

  async check(sn: string, key: string | undefined, address: string): Promise<KeyCheck> {
    const subject = `datalogger:${sn}`;
    const isKnown = (await this.knownSources.firstKnown(subject, [address])) !== undefined;
    const guess = await this.limiter.tryTakeGuess(DATALOGGER_KEY_GUESSES, sn, address, isKnown);
    if (!guess) return { kind: 'overBudget' };
    const datalogger = await this.directory.authenticate(sn, key);
    if (!datalogger) return { kind: 'refused' };
    await this.limiter.succeeded(guess);
    if (!isKnown) await this.knownSources.remember(subject, [address]);
    return { kind: 'accepted', datalogger };
  }
}
