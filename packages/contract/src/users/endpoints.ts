import { z } from 'zod';
import { tokenData } from '../auth/endpoints.js';
import { ErrorCode } from '../errors/codes.js';
import { defineEndpoint, signedIn } from '../http/endpoint.js';
import { avatarUpload } from '../http/upload.js';
import { serverLanguage } from '../languages/endpoints.js';
import * as rules from '../validation/rules.js';

const userIdParams = z.object({ id: rules.id });

export const userKind = z.enum(['platform_admin', 'company_admin', 'staff', 'owner']);

export const userIdentity = z.object({
  id: z.number().int(),
  nickname: z.string(),
  avatar: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  /** The number alarms are texted to (E.164) when `smsOptIn` is on. */
  smsPhone: z.string().nullable(),
  /** Whether the number was confirmed with a texted code (alarm texts go only to such numbers). */
  smsPhoneVerified: z.boolean(),
  smsOptIn: z.boolean(),
  kind: userKind,
});
export type UserIdentity = z.infer<typeof userIdentity>;

export const profileCompany = z.object({
  id: z.number().int(),
  name: z.string(),
  logoUrl: z.string().nullable(),
  iconUrl: z.string().nullable(),
  themeColor: z.string().nullable(),
});

/** 0 light, 1 dark. */
export const styleType = z.union([z.literal(0), z.literal(1)]);

export const userProfile = z.object({
  userid: userIdentity,
  company: profileCompany.nullable(),
  readOnly: z.boolean(),
  /**
   * The account must set up a second factor before anything else (its company's policy, or a
   * platform administrator's account): every other call answers 113 until it does.
   */
  mustEnrolSecondFactor: z.boolean(),
  /** The company role of a staff member (null for others): the one role they may not change. */
  roleId: z.number().int().nullable(),
  themeColor: z.string(),
  styleType,
});
export type UserProfile = z.infer<typeof userProfile>;

export const getProfile = defineEndpoint({
  method: 'GET',
  path: '/api/v1/user',
  summary:
    "The caller's profile, company brand and look; `lan` also becomes the language of their e-mails",
  tag: 'user',
  access: signedIn,
  query: z.object({ lan: serverLanguage.optional() }),
  data: userProfile,
});

const profileChanges = z.strictObject({
  nickname: rules.name(20).optional(),
  phone: rules.phone.optional(),
});

export const editUser = defineEndpoint({
  method: 'POST',
  path: '/api/v1/user/:id',
  summary: 'Edit your own nickname and phone (2 for anyone else); alarm texts: /user/sms',
  tag: 'user',
  access: signedIn,
  encoding: 'form',
  params: userIdParams,
  body: profileChanges,
  data: userIdentity,
  tolerated: [ErrorCode.noPermission],
});

export const editOwnProfile = defineEndpoint({
  method: 'POST',
  path: '/api/v1/user',
  summary: "Edit the signed-in user's nickname and phone; alarm texts: /user/sms",
  tag: 'user',
  access: signedIn,
  encoding: 'form',
  body: profileChanges,
  data: userIdentity,
});

export const changePassword = defineEndpoint({
  method: 'POST',
  path: '/api/v1/user/:id/pwd',
  summary:
    'Change your own password (108 on a wrong old one); every other session is signed out and this one gets fresh tokens',
  tag: 'user',
  access: signedIn,
  encoding: 'form',
  params: userIdParams,
  body: z.strictObject({ oldPassword: rules.password, newPassword: rules.newPassword }),
  data: tokenData,
  tolerated: [ErrorCode.oldPasswordError],
});

export const checkPassword = defineEndpoint({
  method: 'POST',
  path: '/api/v1/user/check/pwd',
  summary: "Whether a password is the caller's current one (109 after too many wrong tries)",
  tag: 'user',
  access: signedIn,
  encoding: 'form',
  body: z.strictObject({
    password: z.string().min(1, 'validation.required').max(64, 'validation.maxLength'),
  }),
  data: z.object({ isCorrect: z.boolean() }),
});

export const uploadAvatar = defineEndpoint({
  method: 'POST',
  path: '/api/v1/user/:id/avatar',
  summary:
    'Replace your avatar: multipart field `file`, JPG or PNG by content, at most 6 MB; answers its URL',
  tag: 'user',
  access: signedIn,
  encoding: 'multipart',
  upload: avatarUpload,
  params: userIdParams,
  data: z.object({ avatar: z.string() }),
});

export const personalization = z.object({ themeColor: z.string(), styleType });
export type Personalization = z.infer<typeof personalization>;

export const getPersonalization = defineEndpoint({
  method: 'GET',
  path: '/api/v1/user/personalized',
  summary: "The caller's theme colour (their own, else the company's, else #E85C0B) and style",
  tag: 'user',
  access: signedIn,
  data: personalization,
});

export const setPersonalization = defineEndpoint({
  method: 'POST',
  path: '/api/v1/user/personalized',
  summary: 'Store your theme colour (#RRGGBB) and style type (0 light, 1 dark)',
  tag: 'user',
  access: signedIn,
  encoding: 'form',
  body: z.strictObject({
    themeColor: rules.hexColor.optional(),
    styleType: rules.integer({ min: 0, max: 1 }).optional(),
  }),
  data: personalization,
});

/** Event levels a user can be notified of: F fault, W warning, P prompt. */
export const NOTIFY_LEVELS = ['F', 'W', 'P'] as const;
export const notifyLevel = z.enum(NOTIFY_LEVELS, { message: 'validation.invalid' });

export const notificationSettings = z.object({
  email: z.string(),
  notifyByEmail: z.boolean(),
  notifyLevels: z.array(notifyLevel),
});
export type NotificationSettings = z.infer<typeof notificationSettings>;

/** Form bodies send the levels as `F,W`; JSON bodies as an array. */
const notifyLevelList = z.preprocess(
  (value) => (typeof value === 'string' ? value.split(',').filter((v) => v !== '') : value),
  z.array(notifyLevel).max(NOTIFY_LEVELS.length, 'validation.invalid'),
);

export const getNotificationSettings = defineEndpoint({
  method: 'GET',
  path: '/api/v1/user/notify',
  summary: 'Whether and for which event levels (F, W, P) the caller gets alarm e-mails',
  tag: 'user',
  access: signedIn,
  data: notificationSettings,
});

export const setNotificationSettings = defineEndpoint({
  method: 'POST',
  path: '/api/v1/user/notify',
  summary:
    'Store the alarm e-mail settings. Switching e-mails on needs the code from /user/notify/code (5, 6)',
  tag: 'user',
  access: signedIn,
  encoding: 'form',
  body: z.strictObject({
    notifyByEmail: rules.flag,
    notifyLevels: notifyLevelList,
    code: rules.verificationCode.optional(),
  }),
  data: notificationSettings,
  tolerated: [ErrorCode.verificationCodeError, ErrorCode.verificationCodeExpired],
});

export const notificationEnabled = defineEndpoint({
  method: 'GET',
  path: '/api/v1/user/notify/enable',
  summary: 'Whether alarm e-mails are switched on for the caller',
  tag: 'user',
  access: signedIn,
  data: z.object({ isEnabled: z.boolean() }),
});

export const requestNotificationCode = defineEndpoint({
  method: 'GET',
  path: '/api/v1/user/notify/code',
  summary:
    "E-mail a code to the caller's address to confirm it receives alarm e-mails (109 when asked too often)",
  tag: 'user',
  access: signedIn,
  data: z.null(),
});

export const setSmsSettings = defineEndpoint({
  method: 'PUT',
  path: '/api/v1/user/sms',
  summary:
    'Store the number alarms are texted to and the opt-in. Opting in with a number not yet confirmed (a new one included) needs the code from /user/sms/code for exactly that number (5, 6); an opt-in without a number is 4; a changed number is unconfirmed again',
  tag: 'user',
  access: signedIn,
  encoding: 'form',
  body: z.strictObject({
    smsPhone: rules.clearable(rules.smsPhone),
    smsOptIn: rules.flag,
    code: rules.verificationCode.optional(),
  }),
  data: userIdentity,
  tolerated: [ErrorCode.verificationCodeError, ErrorCode.verificationCodeExpired],
});

export const requestSmsCode = defineEndpoint({
  method: 'POST',
  path: '/api/v1/user/sms/code',
  summary:
    'Text a code to the number to confirm it gets alarm texts; counts against the daily text limit (109 when asked too often or when the daily texts of the account are used up)',
  tag: 'user',
  access: signedIn,
  encoding: 'form',
  body: z.strictObject({ smsPhone: rules.smsPhone }),
  data: z.null(),
});

export const userPlantCount = defineEndpoint({
  method: 'GET',
  path: '/api/v1/user/:id/plantCount',
  summary: 'How many plants you can see (2 for anyone else)',
  tag: 'user',
  access: signedIn,
  params: userIdParams,
  data: z.object({ total: z.number().int() }),
});

export const userEventCount = defineEndpoint({
  method: 'GET',
  path: '/api/v1/user/:id/eventCount',
  summary:
    'Events of the devices in the plants you can see, and how many are still open (2 for anyone else)',
  tag: 'user',
  access: signedIn,
  params: userIdParams,
  data: z.object({ total: z.number().int(), open: z.number().int() }),
});
