import { beforeAll } from 'vitest';
import { buildPlatformAdminContext, type PlatformAdminContext } from './platform-admin.js';

/**
 * The platform-admin context of the calling test file, filled in by a `beforeAll` this registers:
 * read its fields inside the file's hooks and tests, not while the file is collected.
 */
export function platformAdminContextForFile(): PlatformAdminContext {
  // Filled in place, so the object handed out now is the one the tests read later.
  const ctx = {} as PlatformAdminContext;
  beforeAll(async () => {
    Object.assign(ctx, await buildPlatformAdminContext());
  });
  return ctx;
}
