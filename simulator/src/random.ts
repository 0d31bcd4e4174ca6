/** Deterministic randomness: the same seed gives the same weather, faults and loads. */

/** A 32-bit hash of integers, mapped to [0, 1). */
export function hash01(...parts: number[]): number {
  let h = 0x811c9dc5;
  for (const part of parts) {
    h ^= Math.floor(part) | 0;
    h = Math.imul(h, 0x01000193);
    h ^= h >>> 13;
    h = Math.imul(h, 0x5bd1e995);
    h ^= h >>> 15;
  }
  return (h >>> 0) / 4294967296;
}

/** Mulberry32: a small seeded generator for stateful draws. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Smooth noise in [0, 1): hashed lattice values every `periodMs`, cosine-interpolated. */
export function smoothNoise(seed: number, timeMs: number, periodMs: number): number {
  const position = timeMs / periodMs;
  const slot = Math.floor(position);
  const fraction = position - slot;
  const weight = (1 - Math.cos(Math.PI * fraction)) / 2;
  return hash01(seed, slot) * (1 - weight) + hash01(seed, slot + 1) * weight;
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
