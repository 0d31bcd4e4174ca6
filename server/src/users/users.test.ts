import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  changePassword,
  checkPassword,
  editUser,
  type EndpointBody,
  ErrorCode,
  getNotificationSettings,
  getPersonalization,
  getProfile,
  issueToken,
  notificationEnabled,
  requestNotificationCode,
  setNotificationSettings,
  setPersonalization,
  uploadAvatar,
  userEventCount,
  userPlantCount,
} from '@solar/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { mailedCode, uniqueIp, wrongCode } from '../test/fixtures/accounts.factories.js';
import { buildEvent, buildPlantWithDevices } from '../test/fixtures/plants.factories.js';
import {
  buildCompanyWithStaff,
  buildUser,
  signIn,
  TEST_PASSWORD,
  buildSignedInOwner,
} from '../test/factories.js';
import { callEndpoint, callEndpointLoosely } from '../test/call-endpoint.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { pictureFolder } from '../uploads/picture-upload.js';
import { JPEG_BYTES, multipartFile, PNG_BYTES } from '../test/fixtures/uploads.factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});

const signedInOwner = () => buildSignedInOwner(t.deps);

async function storedUser(id: number) {
  return t.deps.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

describe('GET /api/v1/user', () => {
  it('answers 401 without a token', async () => {
    expect((await callEndpoint(t.app, getProfile)).status).toBe(401);
  });

  it('answers code 4 for an unknown language', async () => {
    const { token } = await signedInOwner();
    const res = await callEndpointLoosely(t.app, getProfile, { token, query: { lan: 'xx' } });
    expect(res.code).toBe(ErrorCode.validation);
  });

  it("answers an owner's profile with default look, without secrets, and stores the language", async () => {
    const { user, token } = await signedInOwner();
    const res = await callEndpoint(t.app, getProfile, { token, query: { lan: 'de' } });
    expect(res.code).toBe(0);
    expect(res.data).toEqual({
      userid: {
        id: user.id,
        nickname: user.nickname,
        avatar: null,
        email: user.email,
        phone: null,
        smsPhone: null,
        smsPhoneVerified: false,
        smsOptIn: false,
        kind: 'owner',
      },
      company: null,
      readOnly: false,
      mustEnrolSecondFactor: false,
      roleId: null,
      themeColor: '#E85C0B',
      styleType: 0,
    });
    expect(res.raw.body).not.toContain('password');
    expect((await storedUser(user.id)).language).toBe('de');
  });

  it("answers a staff member's company brand, colour and role", async () => {
    const { company, staff, staffToken, role } = await buildCompanyWithStaff(t.deps);
    await t.deps.db
      .updateTable('companies')
      .set({ theme_color: '#112233', logo_url: '/logo.png' })
      .where('id', '=', company.id)
      .execute();
    const res = await callEndpoint(t.app, getProfile, { token: staffToken });
    expect(res.data.userid.id).toBe(staff.id);
    expect(res.data.company).toEqual({
      id: company.id,
      name: company.name,
      logoUrl: '/logo.png',
      iconUrl: null,
      themeColor: '#112233',
    });
    expect(res.data.themeColor).toBe('#112233');
    expect(res.data.roleId).toBe(role.id);
  });
});

describe('POST /api/v1/user/:id', () => {
  it('answers 401 without a token', async () => {
    const res = await callEndpoint(t.app, editUser, {
      params: { id: 1 },
      body: { nickname: 'A' },
    });
    expect(res.status).toBe(401);
  });

  it('answers code 4 for special characters, a long phone or unknown fields', async () => {
    const { user, token } = await signedInOwner();
    const params = { id: user.id };
    for (const body of [
      { nickname: 'a<b>' },
      { phone: '12345678901234567' },
      { kind: 'platform_admin' },
    ]) {
      expect((await callEndpointLoosely(t.app, editUser, { params, token, body })).code).toBe(
        ErrorCode.validation,
      );
    }
  });

  it("answers 2 for another user's account and changes nothing", async () => {
    const { token } = await signedInOwner();
    const { admin } = await buildCompanyWithStaff(t.deps);
    const res = await callEndpoint(t.app, editUser, {
      params: { id: admin.id },
      token,
      body: { nickname: 'Hijacked' },
    });
    expect(res.code).toBe(ErrorCode.noPermission);
    expect((await storedUser(admin.id)).nickname).toBe(admin.nickname);
  });

  it('edits your own nickname and phone', async () => {
    const { user, token } = await signedInOwner();
    const res = await callEndpoint(t.app, editUser, {
      params: { id: user.id },
      token,
      body: { nickname: 'Sunny', phone: '+49 30 1234' },
    });
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ id: user.id, nickname: 'Sunny', phone: '+49 30 1234' });
    const stored = await storedUser(user.id);
    expect([stored.nickname, stored.phone]).toEqual(['Sunny', '+49 30 1234']);
  });
});

describe('POST /api/v1/user/:id/pwd', () => {
  const change = (id: number, token: string, body: EndpointBody<typeof changePassword>) =>
    callEndpoint(t.app, changePassword, { params: { id }, token, body });

  it('answers 401 without a token', async () => {
    const res = await callEndpointLoosely(t.app, changePassword, {
      params: { id: 1 },
      body: {},
    });
    expect(res.status).toBe(401);
  });

  it('answers code 4 for a weak new password', async () => {
    const { user, token } = await signedInOwner();
    const res = await change(user.id, token, {
      oldPassword: TEST_PASSWORD,
      newPassword: 'weakpass',
    });
    expect(res.code).toBe(ErrorCode.validation);
  });

  it("answers 2 for another user's account", async () => {
    const { token } = await signedInOwner();
    const other = await buildUser(t.deps);
    const res = await change(other.id, token, {
      oldPassword: TEST_PASSWORD,
      newPassword: 'Better2026',
    });
    expect(res.code).toBe(ErrorCode.noPermission);
    expect((await signIn(t.app, other.email)).code).toBe(0);
  });

  it('answers 108 for a wrong old password', async () => {
    const { user, token } = await signedInOwner();
    const res = await change(user.id, token, {
      oldPassword: 'Wrong12345',
      newPassword: 'Better2026',
    });
    expect(res.code).toBe(ErrorCode.oldPasswordError);
    expect((await signIn(t.app, user.email)).code).toBe(0);
  });

  it('changes the password, revokes other sessions and answers fresh tokens', async () => {
    const { user, token } = await signedInOwner();
    const other = await signIn(t.app, user.email);
    const res = await change(user.id, token, {
      oldPassword: TEST_PASSWORD,
      newPassword: 'Better2026',
    });
    expect(res.code).toBe(0);
    const refresh = (refreshToken: string) =>
      callEndpoint(t.app, issueToken, {
        body: { grant_type: 'refresh_token', refresh_token: refreshToken },
      });
    expect((await refresh(other.data.refresh_token)).status).toBe(401);
    expect((await refresh(res.data.refresh_token)).code).toBe(0);
    expect((await signIn(t.app, user.email, 'Better2026')).code).toBe(0);
  });
});

describe('POST /api/v1/user/check/pwd', () => {
  const check = (token: string, password: string) =>
    callEndpoint(t.app, checkPassword, { token, body: { password } });

  it('answers 401 without a token and code 4 without a password', async () => {
    const res = await callEndpoint(t.app, checkPassword, { body: { password: 'x' } });
    expect(res.status).toBe(401);
    const { token } = await signedInOwner();
    const withoutPassword = await callEndpointLoosely(t.app, checkPassword, { token, body: {} });
    expect(withoutPassword.code).toBe(ErrorCode.validation);
  });

  it('answers whether the password is right, and 109 after 5 wrong tries', async () => {
    const { token } = await signedInOwner();
    expect((await check(token, TEST_PASSWORD)).data).toEqual({ isCorrect: true });
    for (let i = 0; i < 5; i += 1) {
      expect((await check(token, 'Nope12345')).data).toEqual({ isCorrect: false });
    }
    expect((await check(token, TEST_PASSWORD)).code).toBe(ErrorCode.tooManyAttempts);
  });
});

describe('POST /api/v1/user/:id/avatar', () => {
  const upload = (id: number, token: string | undefined, file: ReturnType<typeof multipartFile>) =>
    callEndpointLoosely(t.app, uploadAvatar, {
      params: { id },
      ...(token ? { token } : {}),
      headers: file.headers,
      body: file.payload,
    });

  it('answers 401 without a token', async () => {
    const res = await upload(1, undefined, multipartFile(PNG_BYTES, 'a.png', 'image/png'));
    expect(res.status).toBe(401);
  });

  it("answers 2 for another user's account", async () => {
    const { token } = await signedInOwner();
    const other = await buildUser(t.deps);
    const res = await upload(other.id, token, multipartFile(PNG_BYTES, 'a.png', 'image/png'));
    expect(res.code).toBe(ErrorCode.noPermission);
    expect((await storedUser(other.id)).avatar_url).toBeNull();
  });

  it('answers code 4 without a file, for text named .png and for more than 6 MB', async () => {
    const { user, token } = await signedInOwner();
    const noFile = await callEndpointLoosely(t.app, uploadAvatar, {
      params: { id: user.id },
      token,
      body: {},
    });
    expect(noFile.code).toBe(ErrorCode.validation);
    const text = await upload(
      user.id,
      token,
      multipartFile(Buffer.from('hello'), 'a.png', 'image/png'),
    );
    expect(text.code).toBe(ErrorCode.validation);
    expect(JSON.stringify(text.data)).toContain('validation.invalid');
    const huge = Buffer.concat([PNG_BYTES, Buffer.alloc(6 * 1024 * 1024)]);
    const tooLarge = await upload(user.id, token, multipartFile(huge, 'big.png', 'image/png'));
    expect(tooLarge.code).toBe(ErrorCode.validation);
    expect(JSON.stringify(tooLarge.data)).toContain('validation.maxLength');
    expect((await storedUser(user.id)).avatar_url).toBeNull();
  });

  it('stores a PNG or JPEG by content, serves it and removes the replaced one', async () => {
    const { user, token } = await signedInOwner();
    const first = await upload(user.id, token, multipartFile(PNG_BYTES, 'me.jpeg', 'image/jpeg'));
    expect(first.code).toBe(0);
    expect(first.data.avatar).toMatch(/^\/uploads\/avatars\/.+\.png$/);
    const served = await t.app.inject({ method: 'GET', url: first.data.avatar });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG_BYTES)).toBe(true);

    const second = await upload(user.id, token, multipartFile(JPEG_BYTES, 'me.png', 'image/png'));
    expect(second.data.avatar).toMatch(/\.jpg$/);
    expect((await storedUser(user.id)).avatar_url).toBe(second.data.avatar);
    const { directory } = pictureFolder(t.deps.config.DATA_DIR, 'avatars');
    expect(existsSync(path.join(directory, path.basename(first.data.avatar)))).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: first.data.avatar })).statusCode).toBe(404);
  });

  it('does not serve paths outside the avatar folder', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/uploads/avatars/..%2F..%2Fjwt-secret' });
    expect(res.statusCode).not.toBe(200);
  });
});

describe('/api/v1/user/personalized', () => {
  it('answers 401 without a token', async () => {
    expect((await callEndpoint(t.app, getPersonalization)).status).toBe(401);
    const post = await callEndpoint(t.app, setPersonalization, { body: {} });
    expect(post.status).toBe(401);
  });

  it('answers code 4 for a bad colour or style type', async () => {
    const { token } = await signedInOwner();
    for (const body of [{ themeColor: 'red' }, { styleType: '2' }]) {
      const res = await callEndpointLoosely(t.app, setPersonalization, { token, body });
      expect(res.code).toBe(ErrorCode.validation);
    }
  });

  it('stores and answers the theme colour and style type', async () => {
    const { token } = await signedInOwner();
    const before = await callEndpoint(t.app, getPersonalization, { token });
    expect(before.data).toEqual({ themeColor: '#E85C0B', styleType: 0 });
    const res = await callEndpointLoosely(t.app, setPersonalization, {
      token,
      body: 'themeColor=%2300cc00&styleType=1',
    });
    expect(res.data).toEqual({ themeColor: '#00CC00', styleType: 1 });
    const after = await callEndpoint(t.app, getPersonalization, { token });
    expect(after.data).toEqual({ themeColor: '#00CC00', styleType: 1 });
  });
});

describe('/api/v1/user/notify', () => {
  const save = (token: string, body: EndpointBody<typeof setNotificationSettings>) =>
    callEndpoint(t.app, setNotificationSettings, { token, body, remoteAddress: uniqueIp() });

  it('answers 401 without a token on every notify call', async () => {
    for (const endpoint of [
      getNotificationSettings,
      notificationEnabled,
      requestNotificationCode,
    ]) {
      expect((await callEndpoint(t.app, endpoint)).status).toBe(401);
    }
    expect((await callEndpointLoosely(t.app, setNotificationSettings, { body: {} })).status).toBe(
      401,
    );
  });

  it('answers the defaults', async () => {
    const { user, token } = await signedInOwner();
    const res = await callEndpoint(t.app, getNotificationSettings, { token });
    expect(res.data).toEqual({ email: user.email, notifyByEmail: true, notifyLevels: ['F', 'W'] });
    const enabled = await callEndpoint(t.app, notificationEnabled, { token });
    expect(enabled.data).toEqual({ isEnabled: true });
  });

  it('answers code 4 for an unknown level', async () => {
    const { token } = await signedInOwner();
    const res = await callEndpointLoosely(t.app, setNotificationSettings, {
      token,
      body: { notifyByEmail: 'true', notifyLevels: 'F,X' },
      remoteAddress: uniqueIp(),
    });
    expect(res.code).toBe(ErrorCode.validation);
  });

  it('switches e-mails off and changes levels without a code', async () => {
    const { token } = await signedInOwner();
    const res = await save(token, { notifyByEmail: 'false', notifyLevels: 'F,P' });
    expect(res.data).toMatchObject({ notifyByEmail: false, notifyLevels: ['F', 'P'] });
    const enabled = await callEndpoint(t.app, notificationEnabled, { token });
    expect(enabled.data).toEqual({ isEnabled: false });
  });

  it('switches e-mails back on only with the mailed code (6 without one, 5 when wrong)', async () => {
    const { user, token } = await signedInOwner();
    await save(token, { notifyByEmail: false, notifyLevels: ['F'] });
    expect((await save(token, { notifyByEmail: true, notifyLevels: ['F'] })).code).toBe(
      ErrorCode.verificationCodeExpired,
    );
    const sent = await callEndpoint(t.app, requestNotificationCode, {
      token,
      remoteAddress: uniqueIp(),
    });
    expect(sent.code).toBe(0);
    const code = await mailedCode(t.deps, user.email);
    const wrong = await save(token, {
      notifyByEmail: true,
      notifyLevels: ['F'],
      code: wrongCode(code),
    });
    expect(wrong.code).toBe(ErrorCode.verificationCodeError);
    const res = await save(token, { notifyByEmail: true, notifyLevels: ['F', 'W', 'P'], code });
    expect(res.data).toMatchObject({ notifyByEmail: true, notifyLevels: ['F', 'W', 'P'] });
    expect((await storedUser(user.id)).notify_by_email).toBe(true);
  });

  it('answers 109 after 5 code requests from one address', async () => {
    const { token } = await signedInOwner();
    const ip = uniqueIp();
    const request = () =>
      callEndpoint(t.app, requestNotificationCode, { token, remoteAddress: ip });
    for (let i = 0; i < 5; i += 1) expect((await request()).code).toBe(0);
    expect((await request()).code).toBe(ErrorCode.tooManyAttempts);
  });
});

describe('GET /api/v1/user/:id/plantCount and eventCount', () => {
  async function buildPlantWithInverter(ownerUserId: number, companyId: number | null = null) {
    const { plant, devices } = await buildPlantWithDevices(t.deps, ownerUserId, [{}], {
      company_id: companyId,
    });
    return { plantId: plant.id, deviceId: devices[0]!.id };
  }

  it('answers 401 without a token and 2 for another user', async () => {
    const { token } = await signedInOwner();
    const other = await buildUser(t.deps);
    const params = { id: other.id };
    for (const endpoint of [userPlantCount, userEventCount]) {
      expect((await callEndpoint(t.app, endpoint, { params })).status).toBe(401);
      expect((await callEndpoint(t.app, endpoint, { params, token })).code).toBe(
        ErrorCode.noPermission,
      );
    }
  });

  it('answers code 4 for a malformed id', async () => {
    const { token } = await signedInOwner();
    const res = await callEndpointLoosely(t.app, userPlantCount, {
      params: { id: 'abc' },
      token,
    });
    expect(res.code).toBe(ErrorCode.validation);
  });

  it('counts own and shared plants and their events, not anyone else’s', async () => {
    const { user, token } = await signedInOwner();
    const stranger = await buildUser(t.deps);
    const own = await buildPlantWithInverter(user.id);
    const shared = await buildPlantWithInverter(stranger.id);
    const hidden = await buildPlantWithInverter(stranger.id);
    await t.deps.db
      .insertInto('plant_shares')
      .values({ plant_id: shared.plantId, user_id: user.id, role: 'visitor' })
      .execute();
    await buildEvent(t.deps, own.deviceId);
    await buildEvent(t.deps, own.deviceId, { endedAt: new Date() });
    await buildEvent(t.deps, shared.deviceId);
    await buildEvent(t.deps, hidden.deviceId);

    const plants = await callEndpoint(t.app, userPlantCount, { params: { id: user.id }, token });
    expect(plants.data).toEqual({ total: 2 });
    const events = await callEndpoint(t.app, userEventCount, { params: { id: user.id }, token });
    expect(events.data).toEqual({ total: 3, open: 2 });
  });

  it("counts a company's plants for its staff", async () => {
    const { company, admin, staff, staffToken } = await buildCompanyWithStaff(t.deps);
    const plant = await buildPlantWithInverter(admin.id, company.id);
    await buildEvent(t.deps, plant.deviceId);
    const params = { id: staff.id };
    const plants = await callEndpoint(t.app, userPlantCount, { params, token: staffToken });
    expect(plants.data).toEqual({ total: 1 });
    const events = await callEndpoint(t.app, userEventCount, { params, token: staffToken });
    expect(events.data).toEqual({ total: 1, open: 1 });
  });
});
