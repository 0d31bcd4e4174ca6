import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE companies (
      id serial PRIMARY KEY,
      name text NOT NULL,
      logo_url text,
      icon_url text,
      theme_color text,
      address text,
      phone text,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX companies_name_key ON companies (lower(name));

    CREATE TABLE roles (
      id serial PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
      name text NOT NULL,
      remark text,
      permissions text[] NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX roles_company_name_key ON roles (company_id, lower(name));

    CREATE TABLE users (
      id serial PRIMARY KEY,
      email text NOT NULL,
      password_hash text NOT NULL,
      nickname text NOT NULL,
      phone text,
      avatar_url text,
      kind text NOT NULL CHECK (kind IN ('platform_admin', 'company_admin', 'staff', 'owner')),
      company_id integer REFERENCES companies (id) ON DELETE SET NULL,
      role_id integer REFERENCES roles (id) ON DELETE SET NULL,
      is_enabled boolean NOT NULL DEFAULT true,
      language text NOT NULL DEFAULT 'en',
      theme_color text,
      style_type smallint NOT NULL DEFAULT 0,
      notify_by_email boolean NOT NULL DEFAULT true,
      notify_levels text[] NOT NULL DEFAULT '{F,W}',
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((kind IN ('company_admin', 'staff')) = (company_id IS NOT NULL))
    );
    CREATE UNIQUE INDEX users_email_key ON users (lower(email));
    CREATE INDEX users_company_idx ON users (company_id);

    CREATE TABLE customer_types (
      id serial PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
      name text NOT NULL,
      remark text,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX customer_types_company_name_key ON customer_types (company_id, lower(name));

    CREATE TABLE customers (
      id serial PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      type_id integer REFERENCES customer_types (id) ON DELETE SET NULL,
      remark text,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (company_id, user_id)
    );

    CREATE TABLE agents (
      id serial PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
      agent_user_id integer NOT NULL UNIQUE REFERENCES users (id) ON DELETE CASCADE,
      remark text,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE refresh_tokens (
      id bigserial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      family_id uuid NOT NULL,
      token_hash text NOT NULL UNIQUE,
      expires_at timestamptz NOT NULL,
      rotated_at timestamptz,
      revoked_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX refresh_tokens_family_idx ON refresh_tokens (family_id);

    CREATE TABLE auth_attempts (
      id bigserial PRIMARY KEY,
      scope text NOT NULL,
      subject text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX auth_attempts_lookup_idx ON auth_attempts (scope, subject, created_at);

    CREATE TABLE verification_codes (
      id bigserial PRIMARY KEY,
      email text NOT NULL,
      purpose text NOT NULL,
      code_hash text NOT NULL,
      expires_at timestamptz NOT NULL,
      failed_checks integer NOT NULL DEFAULT 0,
      consumed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX verification_codes_lookup_idx ON verification_codes (lower(email), purpose, created_at DESC);

    CREATE TABLE mail_outbox (
      id bigserial PRIMARY KEY,
      recipient text NOT NULL,
      subject text NOT NULL,
      body text NOT NULL,
      dedupe_key text UNIQUE,
      sent_at timestamptz,
      error text,
      created_at timestamptz NOT NULL DEFAULT now()
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE mail_outbox, verification_codes, auth_attempts, refresh_tokens, agents, customers,
      customer_types, users, roles, companies;
  `.execute(db);
}
