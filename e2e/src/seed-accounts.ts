import { hash } from '@node-rs/argon2';
import pg from 'pg';

export const DEMO_PASSWORD = 'Solar2026';
const COMPANY = 'Demo Solar Installers';

/** A published release, so the release-notes dialog has something to show. */
async function seedTestRelease(client: pg.Client): Promise<void> {
  await client.query(
    `INSERT INTO versions (version, released_at, notes) VALUES ('1.1.0', '2026-06-01T08:00:00Z', $1)
     ON CONFLICT (version) DO NOTHING`,
    [JSON.stringify({ en: 'Dark style and personal theme colour.', zh: '深色风格与个人主题色。' })],
  );
}

/**
 * With DATABASE_URL set the server seeds no demo content (the administrator comes from
 * ADMIN_EMAIL/ADMIN_PASSWORD), so the specs create the same company, staff and owner here,
 * and a release.
 */
export async function seedTestAccounts(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await seedTestRelease(client);
    const exists = await client.query('SELECT 1 FROM users WHERE lower(email) = $1', [
      'installer@example.com',
    ]);
    if (exists.rowCount) return;
    const passwordHash = await hash(DEMO_PASSWORD, {
      algorithm: 2,
      memoryCost: 19456,
      timeCost: 2,
      parallelism: 1,
    });
    await client.query('BEGIN');
    const company = await client.query<{ id: number }>(
      `INSERT INTO companies (name, theme_color) VALUES ($1, '#E85C0B')
       ON CONFLICT ((lower(name))) DO UPDATE SET name = EXCLUDED.name RETURNING id`,
      [COMPANY],
    );
    const companyId = company.rows[0]?.id;
    const role = await client.query<{ id: number }>(
      `INSERT INTO roles (company_id, name, remark, permissions) VALUES ($1, 'Viewer', 'Plant list and overview only', $2) RETURNING id`,
      [companyId, ['station.view']],
    );
    const insertUser = `INSERT INTO users (email, password_hash, nickname, kind, company_id, role_id) VALUES ($1, $2, $3, $4, $5, $6)`;
    await client.query(insertUser, [
      'installer@example.com',
      passwordHash,
      'Installer',
      'company_admin',
      companyId,
      null,
    ]);
    await client.query(insertUser, [
      'viewer@example.com',
      passwordHash,
      'Viewer',
      'staff',
      companyId,
      role.rows[0]?.id,
    ]);
    await client.query(insertUser, [
      'owner@example.com',
      passwordHash,
      'Owner',
      'owner',
      null,
      null,
    ]);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => null);
    throw error;
  } finally {
    await client.end();
  }
}
