import type { ByteRange } from '../storage/object-store.js';

/**
 * The byte range a `Range` header asks of an object of `size` bytes: one range
 * (`bytes=a-b`, `bytes=a-`, `bytes=-n`), null without a header, `invalid` when it cannot be
 * served (answered 416).
 */
export function requestedRange(
  header: string | undefined,
  size: number,
): ByteRange | null | 'invalid' {
  if (header === undefined) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return 'invalid';
  const [, first, last] = match;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0) return 'invalid';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || end < start) return 'invalid';
  return { start, end };
}
