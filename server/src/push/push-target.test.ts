import { ErrorCode } from '@solar/contract';
import { describe, expect, it } from 'vitest';
import { assertPushTarget } from './push-target.js';

describe('push targets', () => {
  it.each([
    'http://203.0.113.5/push/1',
    'https://127.0.0.1/push/1',
    'https://10.1.2.3/push/1',
    'https://192.168.0.10/push/1',
    'https://[::1]/push/1',
    'https://169.254.169.254/latest',
  ])('refuses %s with code 5201', async (endpoint) => {
    await expect(assertPushTarget(endpoint, false)).rejects.toMatchObject({
      code: ErrorCode.pushTargetRefused,
    });
  });

  it('accepts a public HTTPS address, and loopback over HTTP when private networks are allowed', async () => {
    await expect(assertPushTarget('https://8.8.8.8/push/1', false)).resolves.toBeUndefined();
    await expect(assertPushTarget('http://127.0.0.1:9/push/1', true)).resolves.toBeUndefined();
  });
});
