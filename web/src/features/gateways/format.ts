import { readerMoment } from '../../shared/format/formatters';

/** A moment in the viewer's time, minutes precision; a dash when never. */
export function formatTime(value: string | null): string {
  return value ? readerMoment(value) : '—';
}
