import type { EventLevelLetter } from '@solar/contract';

/** The tag colour of each level letter, on the event page and the plant overview alike. */
export const EVENT_LEVEL_COLOURS: Record<EventLevelLetter, string> = {
  P: 'purple',
  W: 'gold',
  F: 'red',
};
