import { ErrorCode } from '@solar/contract';
import { AppError } from '../errors/app-error.js';
import { assertPublicTarget } from '../outbound/public-target.js';

/** The endpoint as a URL if it is one over HTTPS (any protocol with private networks allowed). */
export function pushEndpointUrl(endpoint: string, allowPrivate: boolean): URL {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new AppError(ErrorCode.pushTargetRefused, 'the push endpoint is not a URL');
  }
  if (url.protocol !== 'https:' && !allowPrivate) {
    throw new AppError(ErrorCode.pushTargetRefused, 'push endpoints must use HTTPS');
  }
  return url;
}

/**
 * Push services are public HTTPS servers. A plain-HTTP endpoint or one on a private or loopback
 * address is refused (5201) unless `WEBHOOKS_ALLOW_PRIVATE_NETWORKS` is on (tests, closed
 * networks), the same rule as webhooks; checked on subscription and again before each delivery,
 * since a name may resolve elsewhere later.
 */
export async function assertPushTarget(endpoint: string, allowPrivate: boolean): Promise<void> {
  const url = pushEndpointUrl(endpoint, allowPrivate);
  try {
    await assertPublicTarget(url, { allowPrivateNetworks: allowPrivate });
  } catch (error) {
    throw new AppError(ErrorCode.pushTargetRefused, String(error));
  }
}
