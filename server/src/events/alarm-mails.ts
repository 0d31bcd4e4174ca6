import { eventLevelLetter, fromServerLanguage, localTimestamp } from '@solar/contract';
import type { SqlBool } from 'kysely';
import type { AppDeps } from '../app-deps.js';
import { alarmPushMessage } from './alarm-push.js';
import type { DescriptorText } from './descriptor-catalogue.js';
import type { RaisedEvent } from './event-tracker.js';

/** Events older than this when raised (backlog, backfill) are recorded but not mailed. */
const MAIL_WINDOW_MS = 60 * 60_000;

type AlarmDeps = Pick<AppDeps, 'db' | 'mailer' | 'sms' | 'push' | 'logger'>;

interface Recipient {
  id: number;
  email: string;
  language: string;
  notify_levels: string[];
  brand_id: number | null;
  notify_by_email: boolean;
  sms_opt_in: boolean;
  sms_phone: string | null;
  has_push: SqlBool;
}

/**
 * Mails each raised event to the plant's owner, its company's members and the users it is
 * shared with, when their notification settings ask for the event's level, and texts it to
 * those of them who opted in to SMS with a confirmed number, and pushes it to the browsers they
 * subscribed (`push/`). The dedupe keys guarantee at most one mail, one text and
 * one push per event and user (and browser), even when this runs twice.
 */
export async function sendAlarmMails(
  deps: AlarmDeps,
  events: readonly RaisedEvent[],
  now = new Date(),
): Promise<void> {
  for (const event of events) {
    if (now.getTime() - event.startedAt.getTime() > MAIL_WINDOW_MS) continue;
    try {
      await mailOneEvent(deps, event);
    } catch (error) {
      deps.logger.warn({ err: error, eventId: event.id }, 'alarm mail failed');
    }
  }
}

/**
 * Mails events that were committed but not yet notified (the process stopped between commit
 * and mailing); run periodically. Dedupe keys keep it from mailing anyone twice.
 */
export async function sendPendingAlarmMails(deps: AlarmDeps, now = new Date()): Promise<void> {
  const pending = await deps.db
    .selectFrom('events')
    .select(['id', 'device_id', 'code', 'level', 'started_at'])
    .where('notified_at', 'is', null)
    .where('started_at', '>', new Date(now.getTime() - MAIL_WINDOW_MS))
    .execute();
  await sendAlarmMails(
    deps,
    pending.map((e) => ({
      id: e.id,
      deviceId: e.device_id,
      code: e.code,
      level: e.level,
      startedAt: e.started_at,
    })),
    now,
  );
}

async function mailOneEvent(
  { db, mailer, sms, push }: Pick<AppDeps, 'db' | 'mailer' | 'sms' | 'push'>,
  event: RaisedEvent,
): Promise<void> {
  const context = await db
    .selectFrom('devices')
    .innerJoin('dataloggers', 'dataloggers.id', 'devices.datalogger_id')
    .innerJoin('plants', 'plants.id', 'dataloggers.plant_id')
    .leftJoin('event_descriptors', (join) => join.on('event_descriptors.code', '=', event.code))
    .select([
      'devices.sn',
      'plants.id as plantId',
      'plants.name as plantName',
      'plants.owner_user_id',
      'plants.company_id',
      'plants.time_zone',
      'event_descriptors.texts',
    ])
    .where('devices.id', '=', event.deviceId)
    .executeTakeFirst();
  if (!context) return;
  const recipients: Recipient[] = await db
    .selectFrom('users')
    .select([
      'id',
      'email',
      'language',
      'notify_levels',
      'brand_id',
      'notify_by_email',
      'sms_opt_in',
      'sms_phone',
      (eb) =>
        eb
          .exists(
            eb
              .selectFrom('push_subscriptions')
              .select('push_subscriptions.id')
              .whereRef('push_subscriptions.user_id', '=', 'users.id'),
          )
          .as('has_push'),
    ])
    .where('is_enabled', '=', true)
    .where((eb) =>
      eb.or([
        eb('notify_by_email', '=', true),
        // The database refuses an opt-in without a confirmed number (users_sms_opt_in_verified).
        eb('sms_opt_in', '=', true),
        eb.exists(
          eb
            .selectFrom('push_subscriptions')
            .select('push_subscriptions.id')
            .whereRef('push_subscriptions.user_id', '=', 'users.id'),
        ),
      ]),
    )
    .where((eb) => {
      const audience = [
        eb('id', '=', context.owner_user_id),
        eb(
          'id',
          'in',
          eb.selectFrom('plant_shares').select('user_id').where('plant_id', '=', context.plantId),
        ),
      ];
      if (context.company_id !== null) audience.push(eb('company_id', '=', context.company_id));
      return eb.or(audience);
    })
    .execute();
  const letter = eventLevelLetter(event.level);
  const texts = (context.texts ?? {}) as Record<string, DescriptorText | undefined>;
  for (const user of recipients.filter((r) => r.notify_levels.includes(letter))) {
    const text = texts[fromServerLanguage(user.language)] ?? texts.en;
    const title = text?.text ?? `Event ${event.code}`;
    const localTime = localTimestamp(context.time_zone, event.startedAt);
    if (user.sms_opt_in && user.sms_phone) {
      await sms.send({
        to: user.sms_phone,
        text: `[${letter}] ${context.plantName}: ${title} (${context.sn}, ${localTime})`,
        purpose: 'alarm',
        userId: user.id,
        dedupeKey: `event:${event.id}:user:${user.id}`,
      });
    }
    if (user.has_push) {
      const alarm = {
        level: letter,
        plantId: context.plantId,
        plantName: context.plantName,
        sn: context.sn,
        eventText: title,
        localTime,
      };
      await push.sendToUser(
        user.id,
        alarmPushMessage(fromServerLanguage(user.language), alarm),
        `event:${event.id}:user:${user.id}`,
      );
    }
    if (!user.notify_by_email) continue;
    await mailer.send({
      to: user.email,
      brandId: user.brand_id,
      subject: `[${letter}] ${context.plantName}: ${title}`,
      body: [
        `Plant: ${context.plantName}`,
        `Device: ${context.sn}`,
        `Event: ${event.code} ${title} (level ${letter})`,
        `Since: ${localTime} (${context.time_zone})`,
        ...(text?.suggestion ? [`Suggestion: ${text.suggestion}`] : []),
      ].join('\n'),
      dedupeKey: `event:${event.id}:user:${user.id}`,
    });
  }
  await db
    .updateTable('events')
    .set({ notified_at: new Date() })
    .where('id', '=', event.id)
    .execute();
}
