import { ErrorCode } from '@solar/contract';
import type { AuthContext } from '../auth/auth-context.js';
import { AppError } from '../errors/app-error.js';
import { accessLevelOf, type PlantAccessFacts } from '../plants/plant-access.js';

/** The facts about one datalogger that decide whether the caller may manage it. */
export interface GatewayAccessFacts {
  plant_id: number | null;
  owner_company_id: number | null;
  owner_user_id: number | null;
  /** The bound plant's facts, when it is bound. */
  plant: PlantAccessFacts | null;
}

/**
 * Managing (key, alias, unbind, delete, settings): a bound datalogger with its plant (owners,
 * managers, company administrators, staff with `station.edit`); an unbound one by its holder.
 */
export function canManageGateway(auth: AuthContext, facts: GatewayAccessFacts): boolean {
  if (facts.plant_id !== null) {
    return facts.plant !== null && accessLevelOf(auth, facts.plant) === 'manage';
  }
  // Factory stock is on no plant: out of reach of a key restricted to chosen plants.
  if (auth.apiKey?.plantIds) return false;
  if (auth.kind === 'platform_admin') return true;
  if (facts.owner_user_id === auth.userId) return true;
  return auth.companyId !== null && facts.owner_company_id === auth.companyId;
}

export function requireManage(auth: AuthContext, facts: GatewayAccessFacts): void {
  if (!canManageGateway(auth, facts)) throw new AppError(ErrorCode.noPermission);
}
