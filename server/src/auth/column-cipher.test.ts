import { describe, expect, it } from 'vitest';
import { ColumnCipher } from './column-cipher.js';

const KEY = 'a-configured-column-key-of-at-least-32-characters';
const PURPOSE = 'second_factors.totp_secret';

describe('ColumnCipher', () => {
  const cipher = new ColumnCipher(KEY);

  it('seals a value that opens again, differently each time', () => {
    const first = cipher.seal('JBSWY3DPEHPK3PXP', PURPOSE);
    const second = cipher.seal('JBSWY3DPEHPK3PXP', PURPOSE);
    expect(first).not.toContain('JBSWY3DPEHPK3PXP');
    expect(first).not.toBe(second);
    expect(cipher.open(first, PURPOSE)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('refuses an altered value, another purpose and another key', () => {
    const sealed = cipher.seal('JBSWY3DPEHPK3PXP', PURPOSE);
    const last = sealed.at(-1) === 'A' ? 'B' : 'A';
    expect(() => cipher.open(`${sealed.slice(0, -1)}${last}`, PURPOSE)).toThrow();
    expect(() => cipher.open(sealed, 'another.column')).toThrow();
    expect(() => new ColumnCipher(`${KEY}-other`).open(sealed, PURPOSE)).toThrow();
  });

  it('answers a value stored before encryption as it is', () => {
    expect(cipher.open('JBSWY3DPEHPK3PXP', PURPOSE)).toBe('JBSWY3DPEHPK3PXP');
  });
});
