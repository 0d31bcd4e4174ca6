/**
 * The schedules the form offers, as cron rules in the configuration's time zone (the server
 * accepts any cron rule).
 */
export const SCHEDULE_PRESETS = {
  daily: '0 6 * * *',
  weekly: '0 6 * * 1',
  monthly: '0 6 1 * *',
} as const;
export type SchedulePreset = keyof typeof SCHEDULE_PRESETS;

/** The preset a rule is, if any. */
export function presetOf(schedule: string): SchedulePreset | null {
  const found = Object.entries(SCHEDULE_PRESETS).find(([, rule]) => rule === schedule);
  return found ? (found[0] as SchedulePreset) : null;
}
