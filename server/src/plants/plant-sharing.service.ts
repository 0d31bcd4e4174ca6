import { ErrorCode, type ShareRole } from '@solar/contract';
import type { AppDeps } from '../app-deps.js';
import type { AuthContext } from '../auth/auth-context.js';
import { AppError } from '../errors/app-error.js';
import { requireAccountByEmail } from '../accounts/account-records.js';
import { requirePlantAccess, visiblePlants } from './plant-access.js';
import { PlantsService } from './plants.service.js';
import { retryingTransaction } from '../db/retrying-transaction.js';

/** Sharing and transfer of plants (section 6). */
export class PlantSharingService {
  private readonly plants: PlantsService;

  constructor(private readonly deps: AppDeps) {
    this.plants = new PlantsService(deps);
  }

  private get db() {
    return this.deps.db;
  }

  /** The visible plant whose creator is the caller: only the creator shares (code 2 otherwise). */
  private async ownPlant(auth: AuthContext, plantId: number) {
    const plant = await this.db
      .selectFrom('plants')
      .select(['id', 'owner_user_id', 'company_id'])
      .where('id', '=', plantId)
      .where((eb) => visiblePlants(auth)(eb))
      .executeTakeFirst();
    if (!plant) throw new AppError(ErrorCode.plantNotFound);
    if (plant.owner_user_id !== auth.userId) throw new AppError(ErrorCode.noPermission);
    return plant;
  }

  async share(auth: AuthContext, plantId: number, account: string, role: ShareRole): Promise<void> {
    const plant = await this.ownPlant(auth, plantId);
    if (plant.company_id !== null) throw new AppError(ErrorCode.shareCompanyPlant);
    const target = await requireAccountByEmail(this.db, account, { userId: auth.userId });
    if (target.id === auth.userId) throw new AppError(ErrorCode.shareWithSelf);
    if (target.company_id !== null) throw new AppError(ErrorCode.shareToCompanyUser);
    await this.db
      .insertInto('plant_shares')
      .values({ plant_id: plantId, user_id: target.id, role })
      .onConflict((conflict) => conflict.columns(['plant_id', 'user_id']).doUpdateSet({ role }))
      .execute();
  }

  async cancelShare(auth: AuthContext, plantId: number, account: string): Promise<void> {
    await this.ownPlant(auth, plantId);
    const target = await requireAccountByEmail(this.db, account, { userId: auth.userId });
    await this.db
      .deleteFrom('plant_shares')
      .where('plant_id', '=', plantId)
      .where('user_id', '=', target.id)
      .execute();
  }

  async shareUsers(auth: AuthContext, plantId: number) {
    await requirePlantAccess(this.db, auth, plantId, 'manage');
    const rows = await this.db
      .selectFrom('plant_shares')
      .innerJoin('users', 'users.id', 'plant_shares.user_id')
      .select([
        'users.id',
        'users.email',
        'users.nickname',
        'plant_shares.role',
        'plant_shares.created_at',
      ])
      .where('plant_shares.plant_id', '=', plantId)
      .orderBy('plant_shares.created_at')
      .execute();
    const infos = rows.map((row) => ({
      userId: row.id,
      account: row.email,
      nickname: row.nickname,
      role: row.role,
      sharedAt: row.created_at.toISOString(),
    }));
    return { infos, total: infos.length };
  }

  /**
   * Makes another account the owner. Refused to the current owner (701) and to a member of a
   * company other than the plant's (702); the new owner's share becomes pointless and is removed.
   */
  async transfer(auth: AuthContext, plantId: number, account: string): Promise<void> {
    const plant = await this.plants.controlledPlant(auth, plantId);
    const target = await requireAccountByEmail(this.db, account, { userId: auth.userId });
    if (target.id === plant.owner_user_id) throw new AppError(ErrorCode.shareWithSelf);
    if (target.company_id !== null && target.company_id !== plant.company_id) {
      throw new AppError(ErrorCode.shareToCompanyUser);
    }
    await retryingTransaction(this.db, async (trx) => {
      await trx
        .updateTable('plants')
        .set({ owner_user_id: target.id, updated_at: new Date() })
        .where('id', '=', plantId)
        .execute();
      await trx
        .deleteFrom('plant_shares')
        .where('plant_id', '=', plantId)
        .where('user_id', '=', target.id)
        .execute();
    });
  }
}
