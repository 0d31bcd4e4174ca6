import dayjs from 'dayjs';

/** A moment in the viewer's time, minutes precision; a dash when never. */
export function formatTime(value: string | null): string {
  return value ? dayjs(value).format('YYYY-MM-DD HH:mm') : '—';
}
