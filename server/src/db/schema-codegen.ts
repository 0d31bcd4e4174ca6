import { sql } from 'kysely';
import {
  type DatabaseMetadata,
  generate,
  type GenerateOptions,
  PostgresDialect,
} from 'kysely-codegen';
import type { Db } from './database.js';

/** The file holding the table types, relative to the server package. */
export const GENERATED_SCHEMA_FILE = 'src/db/tables.generated.ts';

/**
 * jsonb columns whose shape the code fixes (the database only knows "JSON"). Each names a type
 * exported by `json-columns.ts`: selected as that type, written as a JSON string.
 */
const JSON_COLUMN_SHAPES: Record<string, string> = {
  'notices.suggests': 'NoticeSuggestions',
  'versions.notes': 'VersionNotes',
  'dictionary_entries.texts': 'DictionaryTexts',
  'brands.sign_in_title': 'BrandTexts',
  'brands.footer_text': 'BrandTexts',
  'brands.agreement': 'BrandTexts',
};

interface TextCheck {
  table: string;
  column: string;
  definition: string;
}

/** `CHECK ((kind = ANY (ARRAY['a'::text, 'b'::text])))` → ['a', 'b'] for the column `kind`. */
function allowedValues(check: TextCheck): string[] | null {
  const pattern = new RegExp(`^CHECK \\(\\(${check.column} = ANY \\(ARRAY\\[(.*)\\]\\)\\)\\)$`);
  const list = pattern.exec(check.definition)?.[1];
  if (!list) return null;
  const values = list.split(', ').map((item) => /^'([^']*)'::text$/.exec(item)?.[1]);
  return values.every((value) => value !== undefined) ? (values as string[]) : null;
}

/**
 * Text columns limited by a one-column `CHECK (column IN (…))` become unions of those values,
 * so `users.kind` is typed `'owner' | 'staff' | …` straight from the constraint.
 */
async function typeCheckedTextColumns(
  db: Db,
  metadata: DatabaseMetadata,
): Promise<DatabaseMetadata> {
  const checks = await sql<TextCheck>`
    SELECT rel.relname AS table, att.attname AS column, pg_get_constraintdef(con.oid) AS definition
    FROM pg_constraint con
    JOIN pg_class rel ON rel.oid = con.conrelid
    JOIN pg_namespace nsp ON nsp.oid = rel.relnamespace
    JOIN pg_attribute att ON att.attrelid = con.conrelid AND att.attnum = con.conkey[1]
    WHERE con.contype = 'c' AND cardinality(con.conkey) = 1 AND nsp.nspname = 'public'
  `.execute(db);
  for (const check of checks.rows) {
    const values = allowedValues(check);
    const column = metadata.tables
      .find((table) => table.name === check.table)
      ?.columns.find((candidate) => candidate.name === check.column);
    if (values && column?.dataType === 'text') column.enumValues = values;
  }
  return metadata;
}

/** Enum types of other schemas (pg-boss's job states) are read too; none of them is ours. */
function withPublicEnumsOnly(metadata: DatabaseMetadata): DatabaseMetadata {
  for (const key of Object.keys(metadata.enums.enums)) {
    if (!key.startsWith('public.')) delete metadata.enums.enums[key];
  }
  return metadata;
}

/**
 * The Kysely table types of the database `db` is connected to, as TypeScript source. Types
 * match the pg type parsers in `database.ts` (BIGINT and NUMERIC read as numbers, DATE as
 * 'YYYY-MM-DD' strings).
 */
export async function generateSchemaSource(db: Db): Promise<string> {
  return generate({
    // kysely-codegen is CommonJS and sees Kysely's CommonJS declarations: the same class.
    db: db as unknown as GenerateOptions['db'],
    dialect: new PostgresDialect({ numericParser: 'number', dateParser: 'string' }),
    // Only the portal's own tables: pg-boss keeps its queue in schemas of its own.
    includePattern: 'public.*',
    excludePattern: 'public.kysely_migration*',
    typeMapping: { int8: 'number' },
    customImports: Object.fromEntries(
      Object.values(JSON_COLUMN_SHAPES).map((name) => [name, `./json-columns.js#${name}`]),
    ),
    overrides: {
      columns: Object.fromEntries(
        Object.entries(JSON_COLUMN_SHAPES).map(([column, shape]) => [
          column,
          `ColumnType<${shape}, string | undefined, string>`,
        ]),
      ),
    },
    postprocess: ({ metadata }) => typeCheckedTextColumns(db, withPublicEnumsOnly(metadata)),
    typeOnlyImports: true,
    print: false,
    outFile: null,
  });
}
