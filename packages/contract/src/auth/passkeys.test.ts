import { describe, expect, it } from 'vitest';
import { issueToken } from './endpoints.js';
import { jsonText, passkeyAssertion, secondFactorChallenge } from './passkeys.js';

const assertion = {
  id: 'Y3JlZGVudGlhbA',
  rawId: 'Y3JlZGVudGlhbA',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'MEUCIQ' },
  clientExtensionResults: { credProps: { rk: true }, unknownExtension: 1 },
};

const passwordGrant = (extra: Record<string, string>) =>
  issueToken.body!.safeParse({
    grant_type: 'password',
    username: 'sam@example.com',
    password: 'Test1234',
    ...extra,
  });

describe('a passkey answer in the password grant', () => {
  it('is the JSON text of an assertion, parsed to its object with unknown extensions dropped', () => {
    const parsed = passwordGrant({ webauthn: JSON.stringify(assertion) });
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({
      webauthn: { id: assertion.id, clientExtensionResults: { credProps: { rk: true } } },
    });
    expect(JSON.stringify(parsed.data)).not.toContain('unknownExtension');
  });

  it('refuses text that is not JSON, or JSON of another shape', () => {
    expect(passwordGrant({ webauthn: '{not json' }).success).toBe(false);
    expect(
      passwordGrant({ webauthn: JSON.stringify({ ...assertion, type: 'other' }) }).success,
    ).toBe(false);
    const notBase64Url = { ...assertion, response: { ...assertion.response, signature: 'a+b/' } };
    expect(passwordGrant({ webauthn: JSON.stringify(notBase64Url) }).success).toBe(false);
  });

  it('refuses an oversized answer before parsing it', () => {
    const schema = jsonText(passkeyAssertion);
    const huge = JSON.stringify({ ...assertion, padding: 'x'.repeat(20_000) });
    const result = schema.safeParse(huge);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('validation.maxLength');
  });

  it('leaves the plain password grant of CONTRACT.md as it was', () => {
    expect(passwordGrant({}).success).toBe(true);
  });
});

describe('the 110 answer’s data', () => {
  it('says which factors the account can answer with', () => {
    expect(secondFactorChallenge.parse({ totp: true, passkey: null })).toEqual({
      totp: true,
      passkey: null,
    });
    const options = { challenge: 'abc', rpId: 'portal.example.com', allowCredentials: [] };
    expect(secondFactorChallenge.parse({ totp: false, passkey: options }).passkey).toEqual(options);
  });
});
