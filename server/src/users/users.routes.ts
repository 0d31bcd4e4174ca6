import {
  changePassword,
  checkPassword,
  editOwnProfile,
  editUser,
  getNotificationSettings,
  getPersonalization,
  getProfile,
  notificationEnabled,
  requestNotificationCode,
  requestSmsCode,
  setNotificationSettings,
  setPersonalization,
  setSmsSettings,
  uploadAvatar,
  userEventCount,
  userPlantCount,
} from '@solar/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { registerEndpoint } from '../http/endpoint-route.js';
import { registerUploadEndpoint } from '../uploads/upload-endpoint.js';
import { UsersService } from './users.service.js';

export function usersRoutes(app: FastifyInstance, deps: AppDeps): void {
  const users = new UsersService(deps);

  registerEndpoint(app, getProfile, async ({ auth, query, request }) =>
    users.profile(auth, query.lan, request.mustEnrolSecondFactor),
  );

  registerEndpoint(app, editUser, async ({ auth, params, body }) =>
    users.edit(auth, params.id, body),
  );

  registerEndpoint(app, editOwnProfile, async ({ auth, body }) =>
    users.edit(auth, auth.userId, body),
  );

  registerEndpoint(app, changePassword, async ({ auth, params, body }) =>
    users.changePassword(auth, params.id, body.oldPassword, body.newPassword),
  );

  registerEndpoint(app, checkPassword, async ({ auth, body }) =>
    users.checkPassword(auth, body.password),
  );

  registerUploadEndpoint(app, uploadAvatar, async ({ auth, params, file }) =>
    users.replaceAvatar(auth, params.id, file),
  );

  registerEndpoint(app, getPersonalization, async ({ auth }) => users.personalization(auth));

  registerEndpoint(app, setPersonalization, async ({ auth, body }) =>
    users.personalize(auth, body),
  );

  registerEndpoint(app, getNotificationSettings, async ({ auth }) =>
    users.notificationSettings(auth),
  );

  registerEndpoint(app, setNotificationSettings, async ({ auth, body, request }) =>
    users.setNotificationSettings(auth, body, request.ip),
  );

  registerEndpoint(app, notificationEnabled, async ({ auth }) => ({
    isEnabled: (await users.notificationSettings(auth)).notifyByEmail,
  }));

  registerEndpoint(app, requestNotificationCode, async ({ auth, request }) => {
    await users.sendNotificationCode(auth, request.ip);
    return null;
  });

  registerEndpoint(app, setSmsSettings, async ({ auth, body, request }) =>
    users.setSmsSettings(auth, body, request.ip),
  );

  registerEndpoint(app, requestSmsCode, async ({ auth, body, request }) => {
    await users.sendSmsCode(auth, body.smsPhone, request.ip);
    return null;
  });

  registerEndpoint(app, userPlantCount, async ({ auth, params }) =>
    users.plantCount(auth, params.id),
  );

  registerEndpoint(app, userEventCount, async ({ auth, params }) =>
    users.eventCount(auth, params.id),
  );
}
