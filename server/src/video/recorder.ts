import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { SEGMENT_SECONDS, streamDir } from './recordings.js';

/**
 * ffmpeg arguments recording a live stream as HLS segments without re-encoding, each file named
 * by its start time in epoch seconds, so playback finds a time range by file name alone.
 */
export function recorderArgs(playUrl: string, recordingsDir: string, streamId: string) {
  const dir = streamDir(recordingsDir, streamId);
  mkdirSync(dir, { recursive: true });
  return [
    ...['-hide_banner', '-loglevel', 'error', '-i', playUrl, '-c', 'copy', '-an'],
    ...['-f', 'hls', '-hls_time', String(SEGMENT_SECONDS), '-hls_list_size', '3'],
    ...['-strftime', '1', '-hls_segment_filename', path.join(dir, '%s.ts')],
    path.join(dir, 'live.m3u8'),
  ];
}
