import type { CommandRecord } from '@solar/contract';
import type { CommandLogRow } from './commands.service.js';

function iso(value: Date | null): string | null {
  return value ? value.toISOString() : null;
}

function objectOrNull(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

export function presentCommand(row: CommandLogRow): CommandRecord {
  return {
    id: row.id,
    name: row.name,
    state: row.state,
    target: row.target_sn,
    dataloggerSn: row.datalogger_sn,
    plantId: row.plant_id,
    plantName: row.plant_name,
    args: objectOrNull(row.args) ?? {},
    user: row.user_email,
    createdAt: row.created_at.toISOString(),
    sentAt: iso(row.sent_at),
    acknowledgedAt: iso(row.acknowledged_at),
    finishedAt: iso(row.finished_at),
    deadline: row.deadline.toISOString(),
    result: objectOrNull(row.result),
    reason: row.reason,
  };
}
