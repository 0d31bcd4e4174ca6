import { type ApiKeyKind, createApiKey, listApiKeys, revokeApiKey } from '@solar/contract';
import { useApiMutation, useApiQuery } from '../../shared/api/hooks';

export function useApiKeys(kind: ApiKeyKind) {
  return useApiQuery(listApiKeys, { query: { kind } });
}

export function useCreateApiKey() {
  return useApiMutation(createApiKey, { invalidates: [listApiKeys] });
}

export function useRevokeApiKey() {
  return useApiMutation(revokeApiKey, { invalidates: [listApiKeys] });
}
