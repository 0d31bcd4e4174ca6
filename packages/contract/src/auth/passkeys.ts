import { z } from 'zod';
import { ErrorCode } from '../errors/codes.js';
import { defineEndpoint, signedIn } from '../http/endpoint.js';
import { id, name } from '../validation/rules.js';

/** Base64url without padding, as WebAuthn's JSON forms carry binary values. */
const base64Url = z.string().regex(/^[A-Za-z0-9_-]*$/, 'validation.invalid');
const transports = z.array(z.string().max(32)).max(8);
/** An answer of the browser's WebAuthn API travels as JSON text (a form field or a body field). */
const WEBAUTHN_JSON_MAX = 16_384;

const credentialDescriptor = z.object({
  id: base64Url,
  type: z.string(),
  transports: transports.optional(),
});

/** What `navigator.credentials.get` needs (WebAuthn's PublicKeyCredentialRequestOptionsJSON). */
export const passkeyRequestOptions = z.object({
  challenge: base64Url,
  timeout: z.number().int().optional(),
  rpId: z.string().optional(),
  allowCredentials: z.array(credentialDescriptor).optional(),
  userVerification: z.enum(['required', 'preferred', 'discouraged']).optional(),
});
export type PasskeyRequestOptions = z.infer<typeof passkeyRequestOptions>;

/** What `navigator.credentials.create` needs (PublicKeyCredentialCreationOptionsJSON). */
export const passkeyCreationOptions = z.object({
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: base64Url, name: z.string(), displayName: z.string() }),
  challenge: base64Url,
  pubKeyCredParams: z.array(z.object({ type: z.literal('public-key'), alg: z.number().int() })),
  timeout: z.number().int().optional(),
  excludeCredentials: z.array(credentialDescriptor).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
      residentKey: z.enum(['discouraged', 'preferred', 'required']).optional(),
      requireResidentKey: z.boolean().optional(),
      userVerification: z.enum(['required', 'preferred', 'discouraged']).optional(),
    })
    .optional(),
  attestation: z.enum(['none', 'indirect', 'direct', 'enterprise']).optional(),
});
export type PasskeyCreationOptions = z.infer<typeof passkeyCreationOptions>;

/** The extension outputs WebAuthn names (unused here; other keys are dropped). */
const extensionOutputs = z.object({
  appid: z.boolean().optional(),
  credProps: z.object({ rk: z.boolean().optional() }).optional(),
  hmacCreateSecret: z.boolean().optional(),
  prf: z.object({ enabled: z.boolean().optional() }).optional(),
});

const credentialResponse = <Shape extends z.ZodRawShape>(response: Shape) =>
  z.object({
    id: base64Url.min(1, 'validation.required'),
    rawId: base64Url.min(1, 'validation.required'),
    type: z.literal('public-key'),
    response: z.object(response),
    authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
    clientExtensionResults: extensionOutputs,
  });

/** The browser's answer to `navigator.credentials.get` (AuthenticationResponseJSON). */
export const passkeyAssertion = credentialResponse({
  clientDataJSON: base64Url,
  authenticatorData: base64Url,
  signature: base64Url,
  userHandle: base64Url.optional(),
});
export type PasskeyAssertion = z.infer<typeof passkeyAssertion>;

/** The browser's answer to `navigator.credentials.create` (RegistrationResponseJSON). */
export const passkeyAttestation = credentialResponse({
  clientDataJSON: base64Url,
  attestationObject: base64Url,
  authenticatorData: base64Url.optional(),
  transports: transports.optional(),
  publicKeyAlgorithm: z.number().int().optional(),
  publicKey: base64Url.optional(),
});
export type PasskeyAttestation = z.infer<typeof passkeyAttestation>;

/** `schema` as JSON text: a form field cannot carry an object. */
export function jsonText<Schema extends z.ZodType>(schema: Schema) {
  return z
    .string()
    .max(WEBAUTHN_JSON_MAX, 'validation.maxLength')
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'validation.invalid' });
        return z.NEVER;
      }
    })
    .pipe(schema);
}

/** What the sign-in answers with code 110: the factors the account can answer with. */
export const secondFactorChallenge = z.object({
  totp: z.boolean(),
  /** Present when the account has passkeys: the options for `navigator.credentials.get`. */
  passkey: passkeyRequestOptions.nullable(),
});
export type SecondFactorChallenge = z.infer<typeof secondFactorChallenge>;

/** The name its owner gives a passkey, to tell it apart in the list ("Work laptop"). */
export const passkeyName = name(40);

export const passkeyInfo = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type PasskeyInfo = z.infer<typeof passkeyInfo>;

export const startPasskeyRegistration = defineEndpoint({
  method: 'POST',
  path: '/api/v1/user/second-factor/passkeys/options',
  summary: 'Options (with a fresh single-use challenge) for registering a new passkey',
  tag: 'auth',
  access: signedIn,
  data: passkeyCreationOptions,
});

export const registerPasskey = defineEndpoint({
  method: 'POST',
  path: '/api/v1/user/second-factor/passkeys',
  summary: "Stores a passkey from the browser's answer to the registration options",
  tag: 'auth',
  access: signedIn,
  encoding: 'json',
  body: z.strictObject({ name: passkeyName, response: passkeyAttestation }),
  data: passkeyInfo,
  tolerated: [ErrorCode.passkeyChallengeExpired, ErrorCode.passkeyRejected],
});

export const removePasskey = defineEndpoint({
  method: 'DELETE',
  path: '/api/v1/user/second-factor/passkeys/:id',
  summary: "Removes one of the signed-in user's passkeys",
  tag: 'auth',
  access: signedIn,
  params: z.strictObject({ id }),
  data: z.null(),
  tolerated: [ErrorCode.passkeyNotFound],
});
