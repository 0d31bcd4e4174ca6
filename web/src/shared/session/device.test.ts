import { describe, expect, it } from 'vitest';
import { deviceTypeFor } from './device';

describe('deviceTypeFor', () => {
  it('treats widths under 768 px as phones and 768 px and up as desktops', () => {
    expect(deviceTypeFor(767)).toBe('phone');
    expect(deviceTypeFor(768)).toBe('desktop');
  });
});
