import { type Kysely, sql } from 'kysely';

/**
 * A company may require a second factor of its roles that control devices, upgrade firmware or
 * manage users. Whether an account must still enrol one is part of the signed-in look-up each
 * process caches, so turning the policy on or off and enabling or removing a second factor
 * notify `auth_changed` like the changes of migration 0047 (passkeys, of 0056, too). (The TOTP secrets of 0055 are
 * encrypted by the server at start, with a key migrations do not hold: `auth/column-cipher.ts`.)
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE companies ADD COLUMN requires_second_factor boolean NOT NULL DEFAULT false;

    CREATE TRIGGER companies_second_factor_policy_changed
      AFTER UPDATE OF requires_second_factor ON companies
      FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
    CREATE TRIGGER second_factors_auth_changed
      AFTER INSERT OR UPDATE OF enabled_at OR DELETE ON second_factors
      FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
    CREATE TRIGGER passkeys_auth_changed
      AFTER INSERT OR DELETE ON passkeys
      FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER passkeys_auth_changed ON passkeys;
    DROP TRIGGER second_factors_auth_changed ON second_factors;
    DROP TRIGGER companies_second_factor_policy_changed ON companies;
    ALTER TABLE companies DROP COLUMN requires_second_factor;
  `.execute(db);
}
