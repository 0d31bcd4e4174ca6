import type { AppDeps } from '../app-deps.js';
import { hashPassword } from '../auth/passwords.js';
import { insertAccount } from '../accounts/account-records.js';
import { retryingTransaction } from '../db/retrying-transaction.js';

export const DEMO_PASSWORD = 'Solar2026';
export const DEMO_COMPANY_NAME = 'Demo Solar Installers';

export interface DemoAccounts {
  adminId: number;
  installerId: number;
  viewerId: number;
  ownerId: number;
  companyId: number;
}

/** The four demo accounts of CONTRACT.md, created once in embedded mode. */
export async function seedDemoAccounts({ db }: AppDeps): Promise<DemoAccounts | null> {
  const existing = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'admin@example.com')
    .executeTakeFirst();
  if (existing) return null;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return retryingTransaction(db, async (trx) => {
    const company = await trx
      .insertInto('companies')
      .values({
        name: DEMO_COMPANY_NAME,
        logo_url: null,
        icon_url: null,
        theme_color: '#E85C0B',
        address: null,
        phone: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const viewerRole = await trx
      .insertInto('roles')
      .values({
        company_id: company.id,
        name: 'Viewer',
        remark: 'Plant list and overview only',
        permissions: ['station.view'],
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const adminId = await insertAccount(trx, {
      email: 'admin@example.com',
      nickname: 'Platform Admin',
      kind: 'platform_admin',
      passwordHash,
    });
    const installerId = await insertAccount(trx, {
      email: 'installer@example.com',
      nickname: 'Installer',
      kind: 'company_admin',
      companyId: company.id,
      passwordHash,
    });
    const viewerId = await insertAccount(trx, {
      email: 'viewer@example.com',
      nickname: 'Viewer',
      kind: 'staff',
      companyId: company.id,
      roleId: viewerRole.id,
      passwordHash,
    });
    const ownerId = await insertAccount(trx, {
      email: 'owner@example.com',
      nickname: 'Plant Owner',
      kind: 'owner',
      passwordHash,
    });
    await trx
      .insertInto('customers')
      .values({ company_id: company.id, user_id: ownerId, type_id: null, remark: 'Demo customer' })
      .execute();
    return { adminId, installerId, viewerId, ownerId, companyId: company.id };
  });
}
