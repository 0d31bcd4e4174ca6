import {
  type CommandName,
  type CommandRecord,
  type ConfirmedState,
  ON_OFF_STATES,
  STATE_CHANGE_COMMANDS,
} from '@solar/contract';
import type { CommandLogRow } from './command-store.js';

function iso(value: Date | null): string | null {
  return value ? value.toISOString() : null;
}

function objectOrNull(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

/** The on/off state the device reported in its `done` reply to a state change. */
function confirmedStateOf(row: CommandLogRow): ConfirmedState | null {
  const change = STATE_CHANGE_COMMANDS[row.name as CommandName];
  if (row.state !== 'done' || !change) return null;
  const reported = objectOrNull(row.result)?.[change.key];
  return ON_OFF_STATES.find((state) => state === reported) ?? null;
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
    confirmedState: confirmedStateOf(row),
    cancelledBy: row.cancelled_by_email,
  };
}
