import { z } from 'zod';
import { ErrorCode } from '../errors/codes.js';
import { defineEndpoint, publicAccess, signedIn } from '../http/endpoint.js';
import { jsonText, passkeyAssertion, passkeyInfo } from './passkeys.js';

/** A TOTP code of an authenticator app: six digits. */
export const totpCode = z.string().regex(/^\d{6}$/, 'validation.verificationCode');
export const recoveryCode = z
  .string()
  .trim()
  .min(1, 'validation.required')
  .max(32, 'validation.maxLength');

/** How long a browser that passed the second factor with "remember" skips it. */
export const REMEMBERED_DEVICE_DAYS = 30;

export const tokenData = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
});
export type TokenData = z.infer<typeof tokenData>;

export const issueToken = defineEndpoint({
  method: 'POST',
  path: '/oauth/token',
  summary: 'Sign in with a password, or rotate a refresh token',
  tag: 'auth',
  access: publicAccess,
  encoding: 'form',
  body: z.discriminatedUnion('grant_type', [
    z.strictObject({
      grant_type: z.literal('password'),
      username: z.string().trim().min(1, 'validation.required').max(64, 'validation.maxLength'),
      password: z.string().min(1, 'validation.required').max(64, 'validation.maxLength'),
      /** The authenticator app's current code, for an account with a second factor (110). */
      otp: totpCode.optional(),
      /** One of the account's recovery codes instead of `otp`; each works once. */
      recovery_code: recoveryCode.optional(),
      /** A passkey's answer (JSON) to the options of the 110 answer, instead of `otp`. */
      webauthn: jsonText(passkeyAssertion).optional(),
      /** With a right second factor: this browser skips it for 30 days. */
      remember_device: z.enum(['true', 'false']).optional(),
    }),
    z.strictObject({
      grant_type: z.literal('refresh_token'),
      refresh_token: z.string().min(1, 'validation.required').max(200, 'validation.maxLength'),
    }),
  ]),
  data: tokenData,
  tolerated: [
    ErrorCode.wrongCredentials,
    ErrorCode.secondFactorRequired,
    ErrorCode.secondFactorWrong,
    ErrorCode.passkeyChallengeExpired,
    ErrorCode.passkeyRejected,
  ],
});

export const secondFactorState = z.object({
  /** An authenticator app (TOTP) is required at sign-in. */
  totp: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  /** Passkeys also count as a second factor: any one of them passes sign-in. */
  passkeys: z.array(passkeyInfo),
});
export type SecondFactorState = z.infer<typeof secondFactorState>;

export const secondFactorStatus = defineEndpoint({
  method: 'GET',
  path: '/api/v1/user/second-factor',
  summary: "The signed-in user's second factors: the authenticator app and the passkeys",
  tag: 'auth',
  access: signedIn,
  data: secondFactorState,
});

export const startTotpSetup = defineEndpoint({
  method: 'POST',
  path: '/api/v1/user/second-factor/totp/setup',
  summary:
    'A new authenticator secret (and its otpauth:// address for a QR code), active once confirmed',
  tag: 'auth',
  access: signedIn,
  data: z.object({ secret: z.string(), otpauthUrl: z.string() }),
  tolerated: [ErrorCode.secondFactorEnabled],
});

export const enableTotp = defineEndpoint({
  method: 'POST',
  path: '/api/v1/user/second-factor/totp/enable',
  summary: 'Confirms the authenticator with its current code; answers the recovery codes, once',
  tag: 'auth',
  access: signedIn,
  body: z.strictObject({ code: totpCode }),
  data: z.object({ recoveryCodes: z.array(z.string()) }),
  tolerated: [ErrorCode.secondFactorWrong, ErrorCode.secondFactorEnabled],
});

export const disableTotp = defineEndpoint({
  method: 'POST',
  path: '/api/v1/user/second-factor/totp/disable',
  summary: 'Turns the second factor off, with the current password',
  tag: 'auth',
  access: signedIn,
  body: z.strictObject({
    password: z.string().min(1, 'validation.required').max(64, 'validation.maxLength'),
  }),
  data: z.null(),
  tolerated: [ErrorCode.oldPasswordError],
});

export const revokeToken = defineEndpoint({
  method: 'POST',
  path: '/oauth/revoke',
  summary: 'Sign out: revoke a refresh token and its family',
  tag: 'auth',
  access: signedIn,
  encoding: 'form',
  body: z.strictObject({ refresh_token: z.string().min(1).max(200) }),
  data: z.null(),
});
