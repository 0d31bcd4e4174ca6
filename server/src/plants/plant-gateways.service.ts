import { ErrorCode } from '@solar/contract';
import type { AppDeps } from '../app-deps.js';
import type { AuthContext } from '../auth/auth-context.js';
import { AppError } from '../errors/app-error.js';
import { isSameSecret } from '../auth/secret-token.js';
import { requirePlantAccess } from './plant-access.js';
import { presentPlantDataloggers } from './plant-devices.presenter.js';
import { retryingTransaction } from '../db/retrying-transaction.js';

/** Binding dataloggers (gateways) to plants, and the plant's device tree. */
export class PlantGatewaysService {
  constructor(private readonly deps: AppDeps) {}

  private get db() {
    return this.deps.db;
  }

  /** 305 unknown SN, 300 wrong key, 301 bound to another plant; binding twice is harmless. */
  async bind(auth: AuthContext, plantId: number, sn: string, key: string) {
    await requirePlantAccess(this.db, auth, plantId, 'manage');
    return retryingTransaction(this.db, async (trx) => {
      const datalogger = await trx
        .selectFrom('dataloggers')
        .select(['id', 'registration_key', 'plant_id', 'owner_company_id', 'owner_user_id'])
        .where('sn', '=', sn)
        .forUpdate()
        .executeTakeFirst();
      if (!datalogger) throw new AppError(ErrorCode.dataloggerNotFound);
      if (!isSameSecret(datalogger.registration_key, key)) {
        throw new AppError(ErrorCode.dataloggerCredentials);
      }
      if (datalogger.plant_id !== null && datalogger.plant_id !== plantId) {
        throw new AppError(ErrorCode.dataloggerInUse);
      }
      // Factory stock bound to a plant is held by the plant's company and owner from now on,
      // so it stays in their datalogger list after an unbind.
      const isHeld = datalogger.owner_company_id !== null || datalogger.owner_user_id !== null;
      const holder = isHeld
        ? {}
        : await trx
            .selectFrom('plants')
            .select(['company_id as owner_company_id', 'owner_user_id'])
            .where('id', '=', plantId)
            .executeTakeFirstOrThrow();
      await trx
        .updateTable('dataloggers')
        .set({ plant_id: plantId, ...holder })
        .where('id', '=', datalogger.id)
        .execute();
      return { dataloggerId: datalogger.id };
    });
  }

  /** 305 when no datalogger with this SN is bound to the plant. */
  async unbind(auth: AuthContext, plantId: number, sn: string): Promise<void> {
    await requirePlantAccess(this.db, auth, plantId, 'manage');
    const result = await this.db
      .updateTable('dataloggers')
      .set({ plant_id: null })
      .where('sn', '=', sn)
      .where('plant_id', '=', plantId)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw new AppError(ErrorCode.dataloggerNotFound);
  }

  async devices(auth: AuthContext, plantId: number) {
    await requirePlantAccess(this.db, auth, plantId, 'read');
    const { dataloggers, devices } = await this.deviceRows(plantId);
    return { dataloggers: presentPlantDataloggers(dataloggers, devices) };
  }

  /** The plant's dataloggers and their devices, for a caller that checked access already. */
  async deviceRows(plantId: number) {
    const dataloggers = await this.db
      .selectFrom('dataloggers')
      .select(['id', 'sn', 'alias', 'signal_strength', 'software_version', 'last_online_at'])
      .where('plant_id', '=', plantId)
      .orderBy('sn')
      .execute();
    const devices =
      dataloggers.length === 0
        ? []
        : await this.db
            .selectFrom('devices')
            .select([
              'id',
              'datalogger_id',
              'sn',
              'kind',
              'alias',
              'model_code',
              'status',
              'last_seen_at',
              'last_values',
            ])
            .where(
              'datalogger_id',
              'in',
              dataloggers.map((datalogger) => datalogger.id),
            )
            .orderBy('kind')
            .orderBy('sn')
            .execute();
    return { dataloggers, devices };
  }
}
