import {
  type Endpoint,
  enableTotp,
  ErrorCode,
  getProfile,
  permissionTree,
  registerPasskey,
  revokeToken,
  secondFactorStatus,
  startPasskeyRegistration,
  startTotpSetup,
} from '@solar/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.js';

/**
 * What a session that must first set up a second factor may still call: its profile (which
 * says so) and permission tree (the web app loads both at once), the set-up itself, and signing
 * out. (Token refresh is public and never checked.)
 */
export const ENROLMENT_ALLOWED: readonly Endpoint[] = [
  getProfile,
  permissionTree,
  secondFactorStatus,
  startTotpSetup,
  enableTotp,
  startPasskeyRegistration,
  registerPasskey,
  revokeToken,
];

const allowed = new Set<Endpoint>(ENROLMENT_ALLOWED);

/**
 * The one place that makes the second-factor policy real: code 113 for every signed-in call of
 * a session the authentication hook marked, until the account has a second factor.
 */
export function refuseUntilSecondFactor(endpoint: Endpoint, request: FastifyRequest): void {
  if (!request.mustEnrolSecondFactor || endpoint.access.kind === 'public') return;
  if (allowed.has(endpoint)) return;
  throw new AppError(ErrorCode.secondFactorEnrolmentRequired);
}
