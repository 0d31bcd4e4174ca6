import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccessTokens } from './access-token.js';

const SECRET = 'a test secret of thirty-two chars!';

afterEach(() => {
  vi.useRealTimers();
});

describe('AccessTokens', () => {
  it('verifies its own token, again from memory, and refuses a forged or altered one', async () => {
    const tokens = new AccessTokens(SECRET, 900);
    const token = await tokens.sign({ userId: 7, sessionVersion: 3 });
    expect(await tokens.verify(token)).toEqual({ userId: 7, sessionVersion: 3 });
    expect(await tokens.verify(token)).toEqual({ userId: 7, sessionVersion: 3 });
    const forged = await new AccessTokens('another secret of thirty-two chars', 900).sign({
      userId: 7,
      sessionVersion: 3,
    });
    expect(await tokens.verify(forged)).toBeNull();
    const [header, , signature] = token.split('.');
    const otherPayload = Buffer.from(JSON.stringify({ sub: '8', sv: 3, exp: 4e9 })).toString(
      'base64url',
    );
    expect(await tokens.verify(`${header}.${otherPayload}.${signature}`)).toBeNull();
  });

  it('refuses a remembered token once it has expired', async () => {
    const tokens = new AccessTokens(SECRET, 60);
    const token = await tokens.sign({ userId: 7, sessionVersion: 1 });
    expect(await tokens.verify(token)).not.toBeNull();
    vi.useFakeTimers({ now: Date.now() + 61_000, toFake: ['Date'] });
    expect(await tokens.verify(token)).toBeNull();
  });

  it('refuses a correctly signed token without an expiry', async () => {
    const tokens = new AccessTokens(SECRET, 60);
    const endless = await new SignJWT({ sv: 1 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('7')
      .sign(new TextEncoder().encode(SECRET));
    expect(await tokens.verify(endless)).toBeNull();
  });
});
