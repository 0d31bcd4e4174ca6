import { createReadStream } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';

/** Seconds of one recorded HLS segment (the recorder's `-hls_time`). */
export const SEGMENT_SECONDS = 2;
/** A segment lasts at most this long: a longer wait for the next one means the camera was away. */
const MAX_SEGMENT_SECONDS = SEGMENT_SECONDS * 2;
/** A gap longer than this between two segments splits the timeline. */
const GAP_SECONDS = 4;

/** One recorded segment file: `{recordingsDir}/{streamId}/{startEpochSeconds}.ts`. */
export interface Segment {
  start: number;
  duration: number;
  file: string;
}

export function streamDir(recordingsDir: string, streamId: string): string {
  return path.join(recordingsDir, streamId);
}

async function segmentStarts(dir: string): Promise<number[]> {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  return names
    .map((name) => /^(\d+)\.ts$/.exec(name)?.[1])
    .filter((start): start is string => start !== undefined)
    .map(Number)
    .sort((a, b) => a - b);
}

/**
 * Every recorded segment of a stream, oldest first (one directory listing). A segment lasts
 * until the next one starts, at most twice the segment length (a gap means the camera was away).
 */
export async function recordedSegments(dir: string): Promise<Segment[]> {
  const starts = await segmentStarts(dir);
  return starts.map((start, index) => {
    const next = starts[index + 1] ?? start + SEGMENT_SECONDS;
    const duration = Math.max(1, Math.min(next - start, MAX_SEGMENT_SECONDS));
    return { start, duration, file: path.join(dir, `${start}.ts`) };
  });
}

/**
 * The file of the segment starting at `start` when it may overlap [from, to) and was recorded:
 * one `stat`, no directory listing (a player asks for a segment every few seconds).
 */
export async function segmentFileWithin(
  dir: string,
  start: number,
  from: number,
  to: number,
): Promise<string | null> {
  if (start >= to || start + MAX_SEGMENT_SECONDS <= from) return null;
  const file = path.join(dir, `${start}.ts`);
  return stat(file).then(
    (info) => (info.isFile() ? file : null),
    () => null,
  );
}

/** The segments overlapping [from, to) (epoch seconds). */
export function segmentsWithin(segments: readonly Segment[], from: number, to: number): Segment[] {
  return segments.filter(
    (segment) => segment.start + segment.duration > from && segment.start < to,
  );
}

/** The segments of a stream overlapping [from, to) (epoch seconds). */
export async function segmentsBetween(dir: string, from: number, to: number): Promise<Segment[]> {
  return segmentsWithin(await recordedSegments(dir), from, to);
}

/** Continuous recorded spans for the playback timeline. */
export function spansOf(segments: Segment[]): { start: number; end: number }[] {
  const spans: { start: number; end: number }[] = [];
  for (const segment of segments) {
    const last = spans.at(-1);
    const end = segment.start + segment.duration;
    if (last && segment.start - last.end <= GAP_SECONDS) last.end = end;
    else spans.push({ start: segment.start, end });
  }
  return spans;
}

/** An HLS (VOD) playlist of the segments; each segment URL carries the same signed token. */
export function playlistOf(segments: Segment[], segmentUrl: (start: number) => string): string {
  const target = Math.max(SEGMENT_SECONDS, ...segments.map((s) => Math.ceil(s.duration)));
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', `#EXT-X-TARGETDURATION:${target}`];
  lines.push('#EXT-X-MEDIA-SEQUENCE:0', '#EXT-X-PLAYLIST-TYPE:VOD');
  segments.forEach((segment, index) => {
    const previous = segments[index - 1];
    if (previous && segment.start - (previous.start + previous.duration) > GAP_SECONDS) {
      lines.push('#EXT-X-DISCONTINUITY');
    }
    lines.push(`#EXTINF:${segment.duration.toFixed(3)},`, segmentUrl(segment.start));
  });
  lines.push('#EXT-X-ENDLIST', '');
  return lines.join('\n');
}

/** The segments one after another: MPEG-TS files concatenate into one playable file. */
export function concatenated(segments: Segment[]): Readable {
  const output = new PassThrough();
  void (async () => {
    for (const segment of segments) {
      await new Promise<void>((resolve, reject) => {
        const input = createReadStream(segment.file);
        input.on('error', reject);
        input.on('end', resolve);
        input.pipe(output, { end: false });
      });
    }
    output.end();
  })().catch((error: Error) => output.destroy(error));
  return output;
}

/** Deletes a stream's segments that started before `before` (epoch seconds); answers the count. */
export async function deleteSegmentsBefore(dir: string, before: number): Promise<number> {
  const expired = (await segmentStarts(dir)).filter((start) => start < before);
  await Promise.all(expired.map((start) => rm(path.join(dir, `${start}.ts`), { force: true })));
  return expired.length;
}

/** Bytes of a stream's recordings. */
export async function diskBytes(dir: string): Promise<number> {
  const starts = await segmentStarts(dir);
  const sizes = await Promise.all(
    starts.map((start) =>
      stat(path.join(dir, `${start}.ts`)).then(
        (info) => info.size,
        () => 0,
      ),
    ),
  );
  return sizes.reduce((sum, size) => sum + size, 0);
}
