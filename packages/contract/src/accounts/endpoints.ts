import { z } from 'zod';
import { ErrorCode } from '../errors/codes.js';
import { defineEndpoint, publicAccess } from '../http/endpoint.js';
import * as rules from '../validation/rules.js';

/** What a verification code is for: creating an account or resetting its password. */
export const codePurpose = z.enum(['signup', 'reset']);
export type CodePurpose = z.infer<typeof codePurpose>;

export const requestCode = defineEndpoint({
  method: 'GET',
  path: '/anonymous/getCode',
  summary:
    'E-mail a 6-digit verification code, valid 10 minutes. 103 when signing up an existing account, 105 when resetting an unknown one, 109 when asked too often',
  tag: 'anonymous',
  access: publicAccess,
  query: z.object({ email: rules.email, type: codePurpose }),
  data: z.null(),
  tolerated: [ErrorCode.accountRegistered, ErrorCode.accountNotRegistered],
});

export const checkCode = defineEndpoint({
  method: 'GET',
  path: '/anonymous/checkCode',
  summary:
    'Check a verification code without using it up: 5 when wrong, 6 when expired, used or never sent',
  tag: 'anonymous',
  access: publicAccess,
  query: z.object({ email: rules.email, code: rules.verificationCode, type: codePurpose }),
  data: z.null(),
  tolerated: [ErrorCode.verificationCodeError, ErrorCode.verificationCodeExpired],
});

export const checkAccount = defineEndpoint({
  method: 'GET',
  path: '/anonymous/checkAccount',
  summary:
    'Whether an e-mail has an account. It always answers a business code: 105 (not registered, free to sign up) or 103 (registered); the client tolerates both, and 400 is never sent',
  tag: 'anonymous',
  access: publicAccess,
  query: z.object({ email: rules.email }),
  data: z.null(),
  tolerated: [ErrorCode.accountNotRegistered, ErrorCode.accountRegistered],
});

export const signup = defineEndpoint({
  method: 'POST',
  path: '/anonymous/signup',
  summary: 'Create a plant-owner account with a sign-up code (5, 6 on the code, 103 when taken)',
  tag: 'anonymous',
  access: publicAccess,
  encoding: 'form',
  body: z.strictObject({
    email: rules.email,
    code: rules.verificationCode,
    password: rules.newPassword,
    nickname: rules.name(20),
  }),
  data: z.object({ id: z.number().int() }),
  tolerated: [ErrorCode.verificationCodeError, ErrorCode.verificationCodeExpired],
});

export const resetPassword = defineEndpoint({
  method: 'POST',
  path: '/anonymous/resetPwd',
  summary:
    'Set a new password with a reset code; every session of the account is signed out (5, 6, 105)',
  tag: 'anonymous',
  access: publicAccess,
  encoding: 'form',
  body: z.strictObject({
    email: rules.email,
    code: rules.verificationCode,
    password: rules.newPassword,
  }),
  data: z.null(),
  tolerated: [ErrorCode.verificationCodeError, ErrorCode.verificationCodeExpired],
});

export const callerIp = defineEndpoint({
  method: 'GET',
  path: '/anonymous/ip',
  summary: 'The address the server sees for the caller',
  tag: 'anonymous',
  access: publicAccess,
  data: z.object({ ip: z.string() }),
});
