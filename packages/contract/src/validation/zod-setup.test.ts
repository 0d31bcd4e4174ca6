import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { rules } from '../index.js';

describe('zod under a strict Content-Security-Policy', () => {
  it('runs without compiling parsers (no `new Function`) once the contract is imported', () => {
    expect(rules.id.parse(1)).toBe(1);
    expect(z.config().jitless).toBe(true);
  });
});
