import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * A secret read from the data directory, created on first use by `generate` (48 random bytes by
 * default). Keeps signing keys stable across restarts without asking the operator to configure
 * them; the exclusive create lets two processes starting together agree on one.
 */
export async function persistentSecret(
  dataDir: string,
  name: string,
  generate: () => string = () => randomBytes(48).toString('base64url'),
): Promise<string> {
  const file = path.join(dataDir, 'secrets', name);
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  await writeFile(file, generate(), { mode: 0o600, flag: 'wx' }).catch(
    async (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    },
  );
  return (await readFile(file, 'utf8')).trim();
}
