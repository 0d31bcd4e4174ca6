import type { RegisterMap, RegisterMapSummary } from '@solar/contract';
import type { RegisterMapVersion } from './register-maps.service.js';

/** The list row of a map version; the settings themselves travel only with one map. */
export function presentRegisterMapSummary(version: RegisterMapVersion): RegisterMapSummary {
  const { map, row } = version;
  return {
    id: row?.id ?? null,
    family: map.family,
    version: map.version,
    name: map.name,
    source: map.source,
    sunspecModelId: map.sunspecModelId,
    protocol: map.protocol ?? null,
    phases: map.phases,
    settingCount: map.settings.length,
    isEffective: version.isEffective,
    createdAt: row ? row.created_at.toISOString() : null,
  };
}

export function presentRegisterMap(map: RegisterMap): RegisterMap {
  return {
    family: map.family,
    version: map.version,
    name: map.name,
    source: map.source,
    sunspecModelId: map.sunspecModelId,
    ...(map.protocol ? { protocol: map.protocol } : {}),
    phases: map.phases,
    gridCodes: map.gridCodes,
    settings: map.settings,
  };
}
