import type { CommandRecord, LeakageTestResult, SwitchTask } from '@solar/contract';
import type { Row } from '../db/schema.js';

export type SwitchTaskListRow = Row<'switch_tasks'> & {
  time_zone: string;
  last_due_at: Date | null;
  last_state: 'queued' | 'retrying' | 'done' | 'failed' | null;
  last_attempts: number | null;
  last_finished_at: Date | null;
  last_reason: string | null;
};

export function presentSwitchTask(row: SwitchTaskListRow): SwitchTask {
  return {
    id: row.id,
    kind: row.kind,
    action: row.action,
    date: row.local_date,
    weekdays: row.weekdays,
    time: row.local_time,
    timeZone: row.time_zone,
    nextRunAt: row.next_run_at?.toISOString() ?? null,
    lastRun:
      row.last_due_at && row.last_state
        ? {
            dueAt: row.last_due_at.toISOString(),
            state: row.last_state,
            attempts: row.last_attempts ?? 0,
            finishedAt: row.last_finished_at?.toISOString() ?? null,
            reason: row.last_reason,
          }
        : null,
    createdAt: row.created_at.toISOString(),
  };
}

/**
 * The leakage test as the device reported it (`passed`, `leakage_ma`, `started_at`,
 * `finished_at`); the command's own times stand in for times the device left out.
 */
export function presentLeakageTest(command: CommandRecord): LeakageTestResult {
  const result = command.result ?? {};
  const text = (value: unknown, fallback: string) =>
    typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? value : fallback;
  const startedAt = text(result.started_at, command.sentAt ?? command.createdAt);
  const finishedAt = text(result.finished_at, command.finishedAt ?? command.createdAt);
  return {
    isPassed: result.passed === true,
    leakageMa: typeof result.leakage_ma === 'number' ? result.leakage_ma : 0,
    startedAt,
    finishedAt,
    durationSeconds: (Date.parse(finishedAt) - Date.parse(startedAt)) / 1000,
    command,
  };
}
