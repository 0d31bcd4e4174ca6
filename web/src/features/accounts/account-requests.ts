import { resetPassword, signup, type EndpointBody } from '@solar/contract';
import { apiCall } from '../../shared/api/client';

/*
 * The public pages' writes. They run before any session and without the query cache (which
 * the sign-in chunk does not load), so they are plain calls rather than mutation hooks.
 */

export function signUp(body: EndpointBody<typeof signup>) {
  return apiCall(signup, { body, loading: true });
}

export function resetForgottenPassword(body: EndpointBody<typeof resetPassword>) {
  return apiCall(resetPassword, { body, loading: true });
}
