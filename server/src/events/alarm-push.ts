import type { EventLevelLetter, Locale, PushMessage } from '@solar/contract';
import { localeFile } from '../i18n/locale-files.js';

export interface AlarmForPush {
  level: EventLevelLetter;
  plantId: number;
  plantName: string;
  sn: string;
  /** What happened: the descriptor's text in the recipient's language. */
  eventText: string;
  /** When it started, in the plant's time. */
  localTime: string;
}

/**
 * An alarm as a push notification in one language: level and plant in the title, what happened,
 * on which device and since when in the body; a tap opens the plant's events of that device.
 */
export function alarmPushMessage(locale: Locale, alarm: AlarmForPush): PushMessage {
  const { alarmTitle, alarmBody } = localeFile(locale, 'server').push;
  const level = localeFile(locale, 'events').levels[alarm.level];
  const query = new URLSearchParams({ plantId: String(alarm.plantId), keyword: alarm.sn });
  return {
    title: alarmTitle.replaceAll('{level}', level).replaceAll('{plant}', alarm.plantName),
    body: alarmBody
      .replaceAll('{event}', alarm.eventText)
      .replaceAll('{device}', alarm.sn)
      .replaceAll('{time}', alarm.localTime),
    url: `/device/event?${query.toString()}`,
  };
}
