import { z } from 'zod';
import { ErrorCode } from '../errors/codes.js';
import { defineEndpoint, publicAccess, signedIn } from '../http/endpoint.js';

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
    }),
    z.strictObject({
      grant_type: z.literal('refresh_token'),
      refresh_token: z.string().min(1, 'validation.required').max(200, 'validation.maxLength'),
    }),
  ]),
  data: tokenData,
  tolerated: [ErrorCode.wrongCredentials],
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
