import { localTimestamp, type WebhookPayload, WEBHOOK_TEST_EVENT } from '@solar/contract';
import { findCommandOutcome } from '../commands/command-store.js';
import type { Db } from '../db/database.js';
import type { Row } from '../db/schema.js';
import { describeEvent } from '../events/event-texts.js';

type OutboxRow = Row<'webhook_outbox'>;
type PayloadData = WebhookPayload['data'];

interface PlantFacts {
  id: number;
  name: string;
  time_zone: string;
}

/** The web app's pages a payload links to (`web/src/app/router/private-routes.tsx`). */
const plantPage = (plantId: number) => `/plants/overview/${plantId}`;
const DOWNLOADS_PAGE = '/downloads';

function occurredAt(at: Date, plant: PlantFacts | null): PayloadData['occurredAt'] {
  return {
    utc: at.toISOString(),
    local: plant ? localTimestamp(plant.time_zone, at) : null,
    timeZone: plant?.time_zone ?? null,
  };
}

function payloadOf(
  type: string,
  at: Date,
  plant: PlantFacts | null,
  data: Omit<PayloadData, 'plant' | 'occurredAt'>,
): WebhookPayload {
  return {
    type,
    timestamp: new Date().toISOString(),
    data: {
      ...data,
      plant: plant ? { id: plant.id, name: plant.name } : null,
      occurredAt: occurredAt(at, plant),
    },
  };
}

async function plantFacts(db: Db, plantId: number | null): Promise<PlantFacts | null> {
  if (plantId === null) return null;
  const plant = await db
    .selectFrom('plants')
    .select(['id', 'name', 'time_zone'])
    .where('id', '=', plantId)
    .executeTakeFirst();
  return plant ?? null;
}

async function eventPayload(db: Db, row: OutboxRow, plant: PlantFacts | null, portal: string) {
  const event = await db
    .selectFrom('events')
    .innerJoin('devices', 'devices.id', 'events.device_id')
    .leftJoin('event_descriptors', 'event_descriptors.code', 'events.code')
    .select([
      'events.id',
      'events.code',
      'events.level',
      'events.started_at',
      'events.ended_at',
      'devices.sn',
      'devices.kind',
      'event_descriptors.texts',
    ])
    .where('events.id', '=', Number(row.subject))
    .executeTakeFirst();
  if (!event) return null;
  const isOpened = row.type === 'event.opened';
  const { text } = describeEvent(event.texts, 'en', event.code);
  return payloadOf(
    row.type,
    isOpened ? event.started_at : (event.ended_at ?? row.occurred_at),
    plant,
    {
      summary: `${text} (${event.code}) ${isOpened ? 'began' : 'ended'} on ${event.kind} ${event.sn}${plant ? ` of plant ${plant.name}` : ''}`,
      device: { sn: event.sn, kind: event.kind },
      link: `${portal}${plant ? plantPage(plant.id) : '/device/event'}`,
      details: {
        eventId: event.id,
        code: event.code,
        text,
        level: event.level,
        startedAt: event.started_at.toISOString(),
        endedAt: event.ended_at?.toISOString() ?? null,
      },
    },
  );
}

async function commandPayload(db: Db, row: OutboxRow, plant: PlantFacts | null, portal: string) {
  const command = await findCommandOutcome(db, row.subject);
  if (!command) return null;
  return payloadOf(row.type, command.finished_at ?? row.occurred_at, plant, {
    summary: `Command ${command.name} to ${command.target_sn} ended ${command.state}`,
    device: { sn: command.target_sn, kind: command.kind ?? 'datalogger' },
    link: `${portal}${plant ? plantPage(plant.id) : ''}`,
    details: {
      commandId: row.subject,
      name: command.name,
      state: command.state,
      reason: command.reason,
    },
  });
}

async function upgradePayload(db: Db, row: OutboxRow, plant: PlantFacts | null, portal: string) {
  const job = await db
    .selectFrom('upgrade_jobs')
    .select([
      'sn',
      'device_kind',
      'status',
      'from_version',
      'to_version',
      'failure_reason',
      'finished_at',
    ])
    .where('id', '=', row.subject)
    .executeTakeFirst();
  if (!job) return null;
  return payloadOf(row.type, job.finished_at ?? row.occurred_at, plant, {
    summary: `Firmware upgrade of ${job.device_kind} ${job.sn} to ${job.to_version} ${job.status}`,
    device: { sn: job.sn, kind: job.device_kind },
    link: `${portal}${plant ? plantPage(plant.id) : ''}`,
    details: {
      upgradeId: row.subject,
      status: job.status,
      fromVersion: job.from_version,
      toVersion: job.to_version,
      failureReason: job.failure_reason,
    },
  });
}

async function exportPayload(db: Db, row: OutboxRow, portal: string) {
  const file = await db
    .selectFrom('exports')
    .select(['id', 'kind', 'format', 'file_name', 'row_count', 'finished_at'])
    .where('id', '=', Number(row.subject))
    .executeTakeFirst();
  if (!file) return null;
  return payloadOf(row.type, file.finished_at ?? row.occurred_at, null, {
    summary: `The export ${file.file_name} is ready to download`,
    device: null,
    link: `${portal}${DOWNLOADS_PAGE}`,
    details: {
      exportId: file.id,
      kind: file.kind,
      format: file.format,
      fileName: file.file_name,
      rows: file.row_count,
    },
  });
}

function plantPayload(row: OutboxRow, plant: PlantFacts | null, portal: string) {
  if (!plant) return null;
  const isOffline = row.type === 'plant.offline';
  return payloadOf(row.type, row.occurred_at, plant, {
    summary: `Plant ${plant.name} is ${isOffline ? 'offline: none of its devices reports' : 'online again'}`,
    device: null,
    link: `${portal}${plantPage(plant.id)}`,
    details: { isOnline: !isOffline },
  });
}

/**
 * The body of what an outbox row announces, read when it is dispatched; null when the row it
 * names is gone. `portal` is the subscription's portal address (links are absolute).
 */
export async function outboxPayload(
  db: Db,
  row: OutboxRow,
  portal: string,
): Promise<WebhookPayload | null> {
  const plant = await plantFacts(db, row.plant_id);
  switch (row.type) {
    case 'event.opened':
    case 'event.closed':
      return eventPayload(db, row, plant, portal);
    case 'command.finished':
      return commandPayload(db, row, plant, portal);
    case 'upgrade.finished':
      return upgradePayload(db, row, plant, portal);
    case 'export.ready':
      return exportPayload(db, row, portal);
    case 'plant.offline':
    case 'plant.online':
      return plantPayload(row, plant, portal);
  }
}

/** What "send test event" delivers. */
export function testPayload(portal: string, now: Date): WebhookPayload {
  return payloadOf(WEBHOOK_TEST_EVENT, now, null, {
    summary: 'A test event sent from the portal: the signature verifies, nothing happened',
    device: null,
    link: portal,
    details: {},
  });
}
