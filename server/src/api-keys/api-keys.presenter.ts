import { API_KEY_SCOPES, type ApiKeyListItem } from '@solar/contract';
import type { ApiKeyRecord } from './api-keys.service.js';

export function presentApiKey(row: ApiKeyRecord): ApiKeyListItem {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    kind: row.company_id === null ? 'personal' : 'company',
    scopes: API_KEY_SCOPES.filter((scope) => row.scopes.includes(scope)),
    // A deleted plant drops out of the list (and out of what the key reaches).
    plants:
      row.plant_ids?.flatMap((id) => {
        const name = row.plantNames.get(id);
        return name === undefined ? [] : [{ id, name }];
      }) ?? null,
    perMinute: row.per_minute,
    perDay: row.per_day,
    ownerEmail: row.owner_email,
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at?.toISOString() ?? null,
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
    lastUsedAddress: row.last_used_address,
    revokedAt: row.revoked_at?.toISOString() ?? null,
  };
}
