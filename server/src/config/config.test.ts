import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

/** The ConfigError's problems, or null when the environment loads. */
function problemsOf(env: Record<string, string>): string[] | null {
  try {
    loadConfig(env);
    return null;
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

describe('S3 settings', () => {
  it('load as a whole or not at all', () => {
    const keys = { S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' };
    expect(problemsOf({})).toBeNull();
    expect(problemsOf({ S3_BUCKET: 'objects' }), 'AWS S3 with the SDK chain').toBeNull();
    expect(
      problemsOf({ S3_BUCKET: 'objects', S3_ENDPOINT: 'http://minio:9000', ...keys }),
    ).toBeNull();
  });

  it('refuse one key without the other and settings without a bucket', () => {
    expect(problemsOf({ S3_BUCKET: 'objects', S3_ACCESS_KEY_ID: 'id' })).toEqual([
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
    ]);
    expect(
      problemsOf({
        S3_ENDPOINT: 'http://minio:9000',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
      }),
    ).toEqual([
      'S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set without S3_BUCKET, which chooses S3',
    ]);
    expect(problemsOf({ S3_SECRET_ACCESS_KEY: 'secret' })).toHaveLength(2);
  });
});

describe('TRUST_PROXY', () => {
  it('takes false, a hop count, or the addresses and CIDRs of the proxies', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(
      loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,fd00::/8,loopback' }).TRUST_PROXY,
    ).toEqual(['10.0.0.5', '10.1.0.0/16', 'fd00::/8', 'loopback']);
  });

  it('refuses true, which would let every client choose its address, and malformed entries', () => {
    for (const value of [
      'true',
      '10.0.0.300',
      '10.0.0.0/33',
      '10.0.0.0/8/8',
      'proxy.example',
      '1.5',
    ]) {
      expect(problemsOf({ TRUST_PROXY: value }), value).toEqual([
        expect.stringMatching(/^TRUST_PROXY: expected false, the number of proxy hops/),
      ]);
    }
  });
});
