import { type Kysely, sql } from 'kysely';
import { allowAuditActions, withdrawAuditActions } from '../audit-action-check.js';

const AUDIT_ACTIONS = ['brand.faviconChanged'];

/**
 * Brand separation: a company belongs to a brand (none = the portal's default brand) and its
 * accounts follow it; an owner keeps the brand they signed up under. An e-mail is unique per
 * brand, so the same address can hold one account under each brand. Verification codes carry
 * the brand they were asked under; a brand names the sender of its accounts' mail, which the
 * outbox keeps per mail, its own agreement text per language and its favicon.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE companies ADD COLUMN brand_id integer REFERENCES brands (id) ON DELETE RESTRICT;
    CREATE INDEX companies_brand_idx ON companies (brand_id);
    ALTER TABLE users ADD COLUMN brand_id integer REFERENCES brands (id) ON DELETE RESTRICT;
    DROP INDEX users_email_key;
    CREATE UNIQUE INDEX users_brand_email_key ON users (coalesce(brand_id, 0), lower(email));

    CREATE FUNCTION users_follow_company_brand() RETURNS trigger AS $$
    BEGIN
      IF NEW.company_id IS NOT NULL THEN
        NEW.brand_id := (SELECT brand_id FROM companies WHERE id = NEW.company_id);
      END IF;
      RETURN NEW;
    END $$ LANGUAGE plpgsql;
    CREATE TRIGGER users_brand_from_company BEFORE INSERT OR UPDATE OF company_id, brand_id ON users
      FOR EACH ROW EXECUTE FUNCTION users_follow_company_brand();

    CREATE FUNCTION company_members_follow_brand() RETURNS trigger AS $$
    BEGIN
      UPDATE users SET brand_id = NEW.brand_id WHERE company_id = NEW.id;
      RETURN NULL;
    END $$ LANGUAGE plpgsql;
    CREATE TRIGGER companies_brand_to_members AFTER UPDATE OF brand_id ON companies
      FOR EACH ROW WHEN (OLD.brand_id IS DISTINCT FROM NEW.brand_id)
      EXECUTE FUNCTION company_members_follow_brand();

    ALTER TABLE verification_codes
      ADD COLUMN brand_id integer REFERENCES brands (id) ON DELETE CASCADE;
    ALTER TABLE brands
      ADD COLUMN mail_from_name text,
      ADD COLUMN mail_from_address text,
      ADD COLUMN agreement jsonb NOT NULL DEFAULT '{}',
      ADD COLUMN favicon_key text;
    ALTER TABLE mail_outbox ADD COLUMN sender text;
  `.execute(db);
  await allowAuditActions(db, AUDIT_ACTIONS);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await withdrawAuditActions(db, AUDIT_ACTIONS);
  await sql`
    ALTER TABLE mail_outbox DROP COLUMN sender;
    ALTER TABLE brands
      DROP COLUMN mail_from_name,
      DROP COLUMN mail_from_address,
      DROP COLUMN agreement,
      DROP COLUMN favicon_key;
    ALTER TABLE verification_codes DROP COLUMN brand_id;
    DROP TRIGGER companies_brand_to_members ON companies;
    DROP FUNCTION company_members_follow_brand();
    DROP TRIGGER users_brand_from_company ON users;
    DROP FUNCTION users_follow_company_brand();
    DROP INDEX users_brand_email_key;
    ALTER TABLE users DROP COLUMN brand_id;
    CREATE UNIQUE INDEX users_email_key ON users (lower(email));
    ALTER TABLE companies DROP COLUMN brand_id;
  `.execute(db);
}
