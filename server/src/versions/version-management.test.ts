import {
  checkVersionName,
  deleteVersion,
  ErrorCode,
  listManagedVersions,
  publishVersion,
  updateVersionNotes,
  versionNotes,
} from '@solar/contract';
import { describe, expect, it } from 'vitest';
import { callEndpoint, callEndpointLoosely, endpointData } from '../test/call-endpoint.js';
import { expectAudited, expectOneOfParallelAdds } from '../test/platform-admin.js';
import { platformAdminContextForFile } from '../test/platform-admin-file.js';

const ctx = platformAdminContextForFile();
let major = 500 + Math.floor(Math.random() * 400);

/** A version name no other test publishes. */
function freshVersion(): string {
  major += 1;
  return `${major}.0.1`;
}

function publish(version: string, notes: Record<string, string>, releasedAt?: string) {
  return callEndpoint(ctx.t.app, publishVersion, {
    token: ctx.platformToken,
    body: { version, notes, ...(releasedAt ? { releasedAt } : {}) },
  });
}

describe('version management', () => {
  it('refuses a company administrator every call with code 2', async () => {
    const calls = [
      callEndpoint(ctx.t.app, listManagedVersions, { token: ctx.adminToken }),
      callEndpoint(ctx.t.app, checkVersionName, {
        token: ctx.adminToken,
        query: { version: '1.0' },
      }),
      callEndpoint(ctx.t.app, publishVersion, {
        token: ctx.adminToken,
        body: { version: freshVersion(), notes: { en: 'x' } },
      }),
      callEndpoint(ctx.t.app, updateVersionNotes, {
        token: ctx.adminToken,
        params: { id: 1 },
        body: { notes: { en: 'x' } },
      }),
      callEndpoint(ctx.t.app, deleteVersion, { token: ctx.adminToken, params: { id: 1 } }),
    ];
    for (const res of await Promise.all(calls)) expect(res.code).toBe(ErrorCode.noPermission);
  });

  it('publishes a version whose notes the version dialog reads per language, and deletes it', async () => {
    // Released long ago, so it never becomes the latest that other tests and specs read.
    const version = freshVersion();
    const published = await publish(
      version,
      { en: 'New charts', de: 'Neue Diagramme' },
      '2000-01-01T00:00:00Z',
    );
    expect(published.data).toMatchObject({ version, notes: { en: 'New charts' } });
    const de = await endpointData(ctx.t.app, versionNotes, {
      token: ctx.adminToken,
      query: { lan: 'de', version },
    });
    expect(de).toEqual({ version, content: 'Neue Diagramme' });
    await endpointData(ctx.t.app, deleteVersion, {
      token: ctx.platformToken,
      params: { id: published.data.id },
    });
    const after = await endpointData(ctx.t.app, versionNotes, {
      token: ctx.adminToken,
      query: { lan: 'de', version },
    });
    expect(after).toBeNull();
  });

  it('answers 5000 to a taken name in the check and in 49 of 50 parallel publishes', async () => {
    const version = freshVersion();
    const free = await callEndpoint(ctx.t.app, checkVersionName, {
      token: ctx.platformToken,
      query: { version },
    });
    expect(free.code).toBe(ErrorCode.ok);
    await expectOneOfParallelAdds(() => publish(version, { en: 'Notes' }, '2000-01-01T00:00:00Z'));
    const check = await callEndpoint(ctx.t.app, checkVersionName, {
      token: ctx.platformToken,
      query: { version },
    });
    expect(check.code).toBe(ErrorCode.codeExists);
  });

  it('validates the name and requires English notes', async () => {
    const badName = await callEndpointLoosely(ctx.t.app, publishVersion, {
      token: ctx.platformToken,
      body: { version: 'v1', notes: { en: 'x' } },
    });
    expect(badName.code).toBe(ErrorCode.validation);
    const noEnglish = await callEndpointLoosely(ctx.t.app, publishVersion, {
      token: ctx.platformToken,
      body: { version: freshVersion(), notes: { de: 'x' } },
    });
    expect(noEnglish.code).toBe(ErrorCode.validation);
  });

  it('edits the notes, lists every language and audits each change', async () => {
    const version = freshVersion();
    const published = await endpointData(ctx.t.app, publishVersion, {
      token: ctx.platformToken,
      body: { version, notes: { en: 'First' }, releasedAt: '2001-01-01T00:00:00Z' },
    });
    await endpointData(ctx.t.app, updateVersionNotes, {
      token: ctx.platformToken,
      params: { id: published.id },
      body: { notes: { en: 'Second', zh: '第二' } },
    });
    const list = await endpointData(ctx.t.app, listManagedVersions, {
      token: ctx.platformToken,
      query: { size: 200 },
    });
    expect(list.infos.find((row) => row.id === published.id)?.notes).toEqual({
      en: 'Second',
      zh: '第二',
    });
    await endpointData(ctx.t.app, deleteVersion, {
      token: ctx.platformToken,
      params: { id: published.id },
    });
    const gone = await callEndpoint(ctx.t.app, deleteVersion, {
      token: ctx.platformToken,
      params: { id: published.id },
    });
    expect(gone.code).toBe(ErrorCode.noPermission);
    await expectAudited(ctx, `version ${published.id} ${version}`, [
      'version.published',
      'version.updated',
      'version.deleted',
    ]);
  });
});
