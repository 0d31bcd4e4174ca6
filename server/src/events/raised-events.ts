import type { Logger } from 'pino';
import type { RaisedEvent } from './event-tracker.js';

/** What a module that raises or follows events takes besides `AppDeps`. */
export interface RaisedEventsDeps {
  raisedEvents: RaisedEvents;
}

export type RaisedEventsListener = (events: readonly RaisedEvent[]) => Promise<void>;

/**
 * Hands the events ingestion raised in this process, once committed, to whoever listens (the
 * cameras that move to their alarm preset): each event reaches them once, when it happens.
 * Listeners run after `publish` returns, so they never hold up ingestion's acknowledgement; a
 * listener's failure is logged and never fails the ingestion.
 */
export class RaisedEvents {
  private readonly listeners = new Set<RaisedEventsListener>();

  constructor(private readonly logger: Logger) {}

  /** Adds a listener; the returned function removes it. */
  listen(listener: RaisedEventsListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  publish(events: readonly RaisedEvent[]): void {
    if (events.length === 0) return;
    for (const listener of this.listeners) {
      listener(events).catch((error: unknown) =>
        this.logger.warn({ err: error }, 'a listener of raised events failed'),
      );
    }
  }
}
