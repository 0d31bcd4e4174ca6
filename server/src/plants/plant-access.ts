import { ErrorCode } from '@solar/contract';
import type { ExpressionBuilder, JoinBuilder } from 'kysely';
import type { AuthContext } from '../auth/auth-context.js';
import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { AppError } from '../errors/app-error.js';

/** What a caller may do with one plant. */
export type PlantAccessLevel = 'read' | 'manage';

/**
 * The one rule for plant visibility, used by every query that touches plants:
 * platform administrators see all; company members see their company's plants; everyone sees
 * the plants they own and those shared with them. An API key restricted to chosen plants sees
 * those of them its owner sees.
 */
export function visiblePlants(auth: AuthContext) {
  return (eb: ExpressionBuilder<Database, 'plants'>) => {
    const ownersPlants = visibleToAccount(auth)(eb);
    const keyPlantIds = auth.apiKey?.plantIds;
    if (!keyPlantIds) return ownersPlants;
    return eb.and([ownersPlants, eb('plants.id', '=', eb.fn.any(eb.val([...keyPlantIds])))]);
  };
}

function visibleToAccount(auth: AuthContext) {
  return (eb: ExpressionBuilder<Database, 'plants'>) => {
    if (auth.kind === 'platform_admin') return eb.lit(true);
    const ownOrShared = [
      eb('plants.owner_user_id', '=', auth.userId),
      eb(
        'plants.id',
        'in',
        eb
          .selectFrom('plant_shares')
          .select('plant_shares.plant_id')
          .where('plant_shares.user_id', '=', auth.userId),
      ),
    ];
    if (auth.companyId !== null) ownOrShared.push(eb('plants.company_id', '=', auth.companyId));
    return eb.or(ownOrShared);
  };
}

/** The facts about one plant that decide the caller's access to it. */
export interface PlantAccessFacts {
  id: number;
  owner_user_id: number;
  company_id: number | null;
  /** The caller's share role on the plant, if any. */
  role: 'visitor' | 'manager' | null;
}

/**
 * The access level of the caller given the plant's facts, or null when it is not visible.
 * Visitors read; owners, managers, company administrators and staff with `station.edit` manage.
 */
export function accessLevelOf(auth: AuthContext, plant: PlantAccessFacts): PlantAccessLevel | null {
  if (!isWithinKeyPlants(auth, plant.id)) return null;
  if (auth.kind === 'platform_admin' || plant.owner_user_id === auth.userId) return 'manage';
  if (auth.companyId !== null && plant.company_id === auth.companyId) {
    return auth.permissions.has('station.edit') ? 'manage' : 'read';
  }
  if (plant.role === 'manager') return 'manage';
  if (plant.role === 'visitor') return 'read';
  return null;
}

/** Whether the caller sees every plant: a platform administrator, not through a plant-restricted key. */
export function seesEveryPlant(auth: AuthContext): boolean {
  return auth.kind === 'platform_admin' && !auth.apiKey?.plantIds;
}

/** Whether an API key restricted to chosen plants (`AuthContext.apiKey`) may reach this one. */
export function isWithinKeyPlants(auth: AuthContext, plantId: number): boolean {
  const keyPlantIds = auth.apiKey?.plantIds;
  return !keyPlantIds || keyPlantIds.includes(plantId);
}

/**
 * Joins the caller's share of the row's plant (`plant_shares`, none for most rows): the share role
 * `accessLevelOf` decides on beside the plant's owner and company.
 */
export function callersShare(auth: AuthContext) {
  return (join: JoinBuilder<Database, 'plants' | 'plant_shares'>) =>
    join
      .onRef('plant_shares.plant_id', '=', 'plants.id')
      .on('plant_shares.user_id', '=', auth.userId);
}

/** The access level the caller has on a plant, or null when it is not visible. */
export async function plantAccessLevel(
  db: Db,
  auth: AuthContext,
  plantId: number,
): Promise<PlantAccessLevel | null> {
  const plant = await db
    .selectFrom('plants')
    .leftJoin('plant_shares', callersShare(auth))
    .select(['plants.id', 'plants.owner_user_id', 'plants.company_id', 'plant_shares.role'])
    .where('plants.id', '=', plantId)
    .executeTakeFirst();
  return plant ? accessLevelOf(auth, plant) : null;
}

/**
 * Whether the caller may delete or give away the plant: its owner, an administrator of its
 * company, or a platform administrator (managers and staff may not).
 */
export function isPlantController(
  auth: AuthContext,
  plant: Omit<PlantAccessFacts, 'role'>,
): boolean {
  if (!isWithinKeyPlants(auth, plant.id)) return false;
  if (auth.kind === 'platform_admin' || plant.owner_user_id === auth.userId) return true;
  return (
    auth.kind === 'company_admin' &&
    plant.company_id !== null &&
    plant.company_id === auth.companyId
  );
}

/** Throws 700 when the plant is not visible, 2 when the caller may only read but needs to manage. */
export async function requirePlantAccess(
  db: Db,
  auth: AuthContext,
  plantId: number,
  needed: PlantAccessLevel,
): Promise<void> {
  const level = await plantAccessLevel(db, auth, plantId);
  if (level === null) throw new AppError(ErrorCode.plantNotFound);
  if (needed === 'manage' && level !== 'manage') throw new AppError(ErrorCode.noPermission);
}
