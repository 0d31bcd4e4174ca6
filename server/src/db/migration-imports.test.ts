import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Kysely and the helpers written for migrations; never code that changes with the product. */
const ALLOWED = new Set(['kysely', '../audit-action-check.js']);

describe('migrations', () => {
  it('import no live code: a migration must give the same schema whenever it runs', async () => {
    const files = (await readdir(MIGRATIONS)).filter((name) => name.endsWith('.ts'));
    const imports = await Promise.all(
      files.map(async (name) => {
        const text = await readFile(path.join(MIGRATIONS, name), 'utf8');
        const modules = [...text.matchAll(/^import [^;]*? from '([^']+)'/gms)].map((m) => m[1]!);
        return modules
          .filter((module) => !ALLOWED.has(module))
          .map((module) => `${name}: ${module}`);
      }),
    );
    expect(files.length).toBeGreaterThan(40);
    expect(imports.flat()).toEqual([]);
  });
});
