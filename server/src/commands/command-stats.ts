/** Why a device's reply was ignored (it changes nothing and never fails the server). */
export type IgnoredReplyReason =
  'malformed' | 'unknownDatalogger' | 'credentials' | 'unknownCommand';

/** In-process counters of device replies, for logs and tests. */
class CommandCounters {
  replies = { accepted: 0, done: 0, failed: 0 };
  ignored: Record<IgnoredReplyReason, number> = {
    malformed: 0,
    unknownDatalogger: 0,
    credentials: 0,
    unknownCommand: 0,
  };

  /** State changes announced by the database (NOTIFY), and waits that ended without one. */
  notifications = 0;
  recheckTimeouts = 0;

  accepted(state: keyof CommandCounters['replies']): void {
    this.replies[state] += 1;
  }

  ignore(reason: IgnoredReplyReason): void {
    this.ignored[reason] += 1;
  }

  get ignoredTotal(): number {
    return Object.values(this.ignored).reduce((sum, count) => sum + count, 0);
  }
}

export const commandCounters = new CommandCounters();
