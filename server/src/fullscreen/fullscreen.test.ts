import {
  createFullscreenLink,
  ErrorCode,
  fullscreenDisplay,
  fullscreenLinks,
  localDate,
  portfolio,
  publicFullscreen,
  revokeFullscreenLink,
} from '@solar/contract';
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildPlantWithDevices, insertEnergy } from '../test/fixtures/plants.factories.js';
import { PUBLIC_LINK_PER_ADDRESS } from '../share-links/public-link-guard.js';
import { callEndpoint, callEndpointLoosely, endpointData } from '../test/call-endpoint.js';
import { buildCompanyWithStaff, buildSignedInOwner } from '../test/factories.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});

const zone = 'Europe/Berlin';

/** An owner with two plants (one producing 12 kWh today) and a token. */
async function ownerWithTwoPlants() {
  const owner = await buildSignedInOwner(t.deps);
  const sunny = await buildPlantWithDevices(
    t.deps,
    owner.user.id,
    [{ kind: 'inverter', status: 'normal', lastValues: { pac_w: 2500 } }],
    { name: 'Sunny', capacity_kwp: 8, time_zone: zone },
  );
  await insertEnergy(t.deps, sunny.devices[0]!.id, [{ day: localDate(zone), energyKwh: 12 }]);
  const quiet = await buildPlantWithDevices(t.deps, owner.user.id, [{ kind: 'inverter' }], {
    name: 'Quiet',
    time_zone: zone,
  });
  return { ...owner, sunny: sunny.plant, quiet: quiet.plant };
}

function createLink(token: string, plantId: number | null, validHours = 2) {
  return callEndpoint(t.app, createFullscreenLink, { token, body: { plantId, validHours } });
}

function openShared(linkToken: string, remoteAddress = '10.0.0.1') {
  return callEndpoint(t.app, publicFullscreen, { query: { token: linkToken }, remoteAddress });
}

describe('GET /api/v1/fullscreen', () => {
  it('answers the portfolio figures of the fleet, or of one plant', async () => {
    const { token, sunny } = await ownerWithTwoPlants();
    const fleet = await endpointData(t.app, fullscreenDisplay, { token, query: {} });
    const dashboard = await endpointData(t.app, portfolio, { token });
    expect(fleet).toEqual({ ...dashboard, plantName: null });
    expect(fleet.totals).toMatchObject({ plantCount: 2, todayKwh: 12, powerW: 2500 });
    expect(fleet.totals.yearKwh).toBeGreaterThanOrEqual(12);

    const one = await endpointData(t.app, fullscreenDisplay, {
      token,
      query: { plantId: sunny.id },
    });
    expect(one.plantName).toBe('Sunny');
    expect(one.plants.map((plant) => plant.name)).toEqual(['Sunny']);
    expect(one.totals.plantCount).toBe(1);
  });

  it("refuses another user's plant (700), staff without station.view (2) and a bad id (4)", async () => {
    const { token } = await ownerWithTwoPlants();
    const stranger = await ownerWithTwoPlants();
    const foreign = await callEndpoint(t.app, fullscreenDisplay, {
      token,
      query: { plantId: stranger.sunny.id },
    });
    expect(foreign.code).toBe(ErrorCode.plantNotFound);
    const noView = await buildCompanyWithStaff(t.deps, ['equip.view']);
    const denied = await callEndpoint(t.app, fullscreenDisplay, {
      token: noView.staffToken,
      query: {},
    });
    expect(denied.code).toBe(ErrorCode.noPermission);
    const bad = await callEndpointLoosely(t.app, fullscreenDisplay, {
      token,
      query: { plantId: 'abc' },
    });
    expect(bad.code).toBe(ErrorCode.validation);
  });
});

describe('wall-screen links', () => {
  it('shows through a link only the figures of the plant it covers, hashing the token', async () => {
    const { token, sunny } = await ownerWithTwoPlants();
    const link = await createLink(token, sunny.id);
    expect(link.code, link.msg).toBe(ErrorCode.ok);
    expect(link.data.path).toBe(`/fullscreen/shared?token=${link.data.token}`);
    const stored = await t.deps.db
      .selectFrom('fullscreen_links')
      .select('token_hash')
      .where('id', '=', link.data.id)
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).toBe(createHash('sha256').update(link.data.token).digest('hex'));

    const shown = await openShared(link.data.token);
    expect(shown.code, shown.msg).toBe(ErrorCode.ok);
    expect(shown.data.plants.map((plant) => plant.name)).toEqual(['Sunny']);
    expect(shown.data.totals).toMatchObject({ plantCount: 1, todayKwh: 12 });
    expect(shown.data.expiresAt).toBe(link.data.expiresAt);
  });

  it('shows the fleet through a fleet link, and nothing once revoked', async () => {
    const { token } = await ownerWithTwoPlants();
    // `plantId` is optional: without it the link covers the fleet, as with null.
    const link = await callEndpoint(t.app, createFullscreenLink, {
      token,
      body: { validHours: 2 },
    });
    expect(link.code).toBe(ErrorCode.ok);
    expect(link.data.plantId).toBeNull();
    const before = await openShared(link.data.token);
    expect(before.data.totals.plantCount).toBe(2);

    const listed = await endpointData(t.app, fullscreenLinks, { token });
    expect(listed.map((entry) => entry.id)).toEqual([link.data.id]);
    const revoked = await callEndpoint(t.app, revokeFullscreenLink, {
      token,
      params: { id: link.data.id },
    });
    expect(revoked.data.revokedAt).not.toBeNull();
    const after = await openShared(link.data.token);
    expect(after.code).toBe(ErrorCode.shareLinkInvalid);
    expect(after.data).toBeNull();
  });

  it('refuses an expired link, a made-up token and a link whose creator is disabled (607)', async () => {
    const { token, user } = await ownerWithTwoPlants();
    const expired = await createLink(token, null);
    await t.deps.db
      .updateTable('fullscreen_links')
      .set({ created_at: new Date(Date.now() - 7_200_000), expires_at: new Date(Date.now() - 1) })
      .where('id', '=', expired.data.id)
      .execute();
    expect((await openShared(expired.data.token)).code).toBe(ErrorCode.shareLinkInvalid);
    expect((await openShared('made-up')).code).toBe(ErrorCode.shareLinkInvalid);
    expect((await openShared(token)).code).toBe(ErrorCode.shareLinkInvalid);

    const live = await createLink(token, null);
    await t.deps.db
      .updateTable('users')
      .set({ is_enabled: false })
      .where('id', '=', user.id)
      .execute();
    expect((await openShared(live.data.token)).code).toBe(ErrorCode.shareLinkInvalid);
  });

  it('creates links only for plants the caller manages, with a valid lifetime', async () => {
    const { token, sunny } = await ownerWithTwoPlants();
    const stranger = await ownerWithTwoPlants();
    expect((await createLink(stranger.token, sunny.id)).code).toBe(ErrorCode.plantNotFound);
    expect((await createLink(token, sunny.id, 0)).code).toBe(ErrorCode.validation);
    expect((await createLink(token, sunny.id, 24 * 31)).code).toBe(ErrorCode.validation);
    const noShare = await buildCompanyWithStaff(t.deps, ['station.view']);
    expect((await createLink(noShare.staffToken, null)).code).toBe(ErrorCode.noPermission);
    expect((await callEndpoint(t.app, fullscreenLinks, {})).status).toBe(401);
  });

  it("revokes only the caller's own links", async () => {
    const { token } = await ownerWithTwoPlants();
    const stranger = await ownerWithTwoPlants();
    const link = await createLink(token, null);
    const refused = await callEndpoint(t.app, revokeFullscreenLink, {
      token: stranger.token,
      params: { id: link.data.id },
    });
    expect(refused.code).toBe(ErrorCode.shareLinkInvalid);
    expect((await openShared(link.data.token)).code).toBe(ErrorCode.ok);
  });

  it('stops guessing from one address at 109, while a valid link keeps working elsewhere', async () => {
    const { token } = await ownerWithTwoPlants();
    const link = await createLink(token, null);
    const address = '10.9.9.9';
    const guesses = await Promise.all(
      Array.from({ length: 50 }, (_, index) => openShared(`guess-${index}`, address)),
    );
    const codes = guesses.map((guess) => guess.code);
    expect(codes.filter((code) => code === ErrorCode.shareLinkInvalid)).toHaveLength(
      PUBLIC_LINK_PER_ADDRESS.max,
    );
    expect(codes.filter((code) => code === ErrorCode.tooManyAttempts)).toHaveLength(
      50 - PUBLIC_LINK_PER_ADDRESS.max,
    );
    expect((await openShared(link.data.token, address)).code).toBe(ErrorCode.tooManyAttempts);
    for (let refresh = 0; refresh < PUBLIC_LINK_PER_ADDRESS.max + 5; refresh += 1) {
      expect((await openShared(link.data.token, '10.9.9.10')).code).toBe(ErrorCode.ok);
    }
  });
});
