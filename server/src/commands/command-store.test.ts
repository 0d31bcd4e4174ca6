import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const sourceRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Where the table may be named besides the store: its migrations and the generated types. */
function isExempt(path: string): boolean {
  return (
    path === 'commands/command-store.ts' ||
    path.startsWith('db/migrations/') ||
    path === 'db/tables.generated.ts' ||
    path.startsWith('test/') ||
    path.endsWith('.test.ts')
  );
}

/** A Kysely table reference (`'device_commands'`, `'device_commands as c'`) or a raw SQL one. */
const COMMAND_SQL = /'device_commands\b|\b(?:from|join|update|into)\s+device_commands\b/i;

describe('the command store', () => {
  it('is the only production module with command SQL', () => {
    const offenders = readdirSync(sourceRoot, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts'))
      .map((file) => relative(sourceRoot, join(sourceRoot, file)).split('\\').join('/'))
      .filter((path) => !isExempt(path))
      .filter((path) => COMMAND_SQL.test(readFileSync(join(sourceRoot, path), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('finds a table reference the way other modules would write it', () => {
    expect(COMMAND_SQL.test(`db.selectFrom('device_commands as c')`)).toBe(true);
    expect(COMMAND_SQL.test('sql`SELECT 1 FROM device_commands`')).toBe(true);
    expect(COMMAND_SQL.test('// the `device_commands` NOTIFY channel')).toBe(false);
  });
});
