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

describe('MQTT_DYNSEC_URL', () => {
  const admin = 'mqtt://admin:secret@127.0.0.1:1884';

  it('loads beside an MQTT_URL that carries the portal user', () => {
    expect(
      problemsOf({ MQTT_URL: 'mqtt://portal:pw@127.0.0.1:1884', MQTT_DYNSEC_URL: admin }),
    ).toBeNull();
  });

  it('refuses an admin URL without credentials, and dynsec without MQTT_URL or its user', () => {
    expect(problemsOf({ MQTT_URL: 'mqtt://p:pw@h:1', MQTT_DYNSEC_URL: 'mqtt://h:1' })).toEqual([
      'MQTT_DYNSEC_URL: must be mqtt://user:password@host:port (or mqtts://)',
    ]);
    expect(problemsOf({ MQTT_DYNSEC_URL: admin })).toEqual([
      'MQTT_DYNSEC_URL: set without MQTT_URL, the broker it manages',
    ]);
    expect(problemsOf({ MQTT_URL: 'mqtt://127.0.0.1:1884', MQTT_DYNSEC_URL: admin })).toEqual([
      'MQTT_URL: must carry user and password (mqtt://user:password@host:port) with MQTT_DYNSEC_URL',
    ]);
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
