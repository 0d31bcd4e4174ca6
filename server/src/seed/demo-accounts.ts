import type { AppDeps } from '../app-deps.js';
import { hashPassword } from '../auth/passwords.js';
import type { Db } from '../db/database.js';

export const DEMO_PASSWORD = 'Solar2026';
export const DEMO_COMPANY_NAME = 'Demo Solar Installers';

export interface DemoAccounts {
  adminId: number;
  installerId: number;
  viewerId: number;
  ownerId: number;
  companyId: number;
}

async function insertUser(
  db: Db,
  values: {
    email: string;
    nickname: string;
    kind: 'platform_admin' | 'company_admin' | 'staff' | 'owner';
    companyId?: number;
    roleId?: number;
  },
  passwordHash: string,
): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      email: values.email,
      password_hash: passwordHash,
      nickname: values.nickname,
      kind: values.kind,
      company_id: values.companyId ?? null,
      role_id: values.roleId ?? null,
      phone: null,
      avatar_url: null,
      theme_color: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
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
  return db.transaction().execute(async (trx) => {
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
    const adminId = await insertUser(
      trx,
      { email: 'admin@example.com', nickname: 'Platform Admin', kind: 'platform_admin' },
      passwordHash,
    );
    const installerId = await insertUser(
      trx,
      {
        email: 'installer@example.com',
        nickname: 'Installer',
        kind: 'company_admin',
        companyId: company.id,
      },
      passwordHash,
    );
    const viewerId = await insertUser(
      trx,
      {
        email: 'viewer@example.com',
        nickname: 'Viewer',
        kind: 'staff',
        companyId: company.id,
        roleId: viewerRole.id,
      },
      passwordHash,
    );
    const ownerId = await insertUser(
      trx,
      { email: 'owner@example.com', nickname: 'Plant Owner', kind: 'owner' },
      passwordHash,
    );
    await trx
      .insertInto('customers')
      .values({ company_id: company.id, user_id: ownerId, type_id: null, remark: 'Demo customer' })
      .execute();
    return { adminId, installerId, viewerId, ownerId, companyId: company.id };
  });
}
