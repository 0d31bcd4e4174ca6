import * as contract from '@solar/contract';
import type { Endpoint } from '@solar/contract';

function isEndpoint(value: unknown): value is Endpoint {
  return (
    typeof value === 'object' &&
    value !== null &&
    'method' in value &&
    'path' in value &&
    'access' in value &&
    'data' in value
  );
}

/**
 * Every endpoint the contract defines, read without building an app, so a test file can
 * declare one test per endpoint when it is collected. The access-control test proves the app
 * registers exactly these.
 */
export const CONTRACT_ENDPOINTS: readonly Endpoint[] = [
  ...new Set(
    [
      ...Object.values(contract),
      ...Object.values(contract.FAMILY_ENDPOINTS).flatMap(Object.values),
      ...Object.values(contract.SETTINGS_ENDPOINTS).flatMap(Object.values),
    ].filter(isEndpoint),
  ),
];
