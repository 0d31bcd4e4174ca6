import { type Kysely, sql } from 'kysely';

/**
 * Every change that can end or alter a signed-in session (an account's enabled flag, session
 * version, kind, company, role, read-only flag, brand or e-mail; a role's permissions; a
 * company's enabled flag; a deletion of any of them) notifies `auth_changed` when it commits,
 * so each server process drops the sign-in look-ups it cached (`auth/enabled-user-cache.ts`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION notify_auth_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('auth_changed', TG_TABLE_NAME);
      RETURN NULL;
    END $$;

    CREATE TRIGGER users_auth_changed
      AFTER UPDATE OF is_enabled, session_version, kind, company_id, role_id, is_read_only,
        brand_id, email OR DELETE ON users
      FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
    CREATE TRIGGER roles_auth_changed
      AFTER UPDATE OF permissions OR DELETE ON roles
      FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
    CREATE TRIGGER companies_auth_changed
      AFTER UPDATE OF is_enabled OR DELETE ON companies
      FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER companies_auth_changed ON companies;
    DROP TRIGGER roles_auth_changed ON roles;
    DROP TRIGGER users_auth_changed ON users;
    DROP FUNCTION notify_auth_changed();
  `.execute(db);
}
