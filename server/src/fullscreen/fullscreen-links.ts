import { newSecretToken, tokenDigest } from '../auth/secret-token.js';
import type { Db } from '../db/database.js';

const HOUR_MS = 3_600_000;

export interface NewLink {
  createdBy: number;
  plantId: number | null;
  validHours: number;
}

/**
 * Wall-screen links as rows: a random 32-byte token handed out once and kept only as its
 * SHA-256, so a database copy opens no screen; a row stops working when it expires or is
 * revoked.
 */
export class FullscreenLinks {
  constructor(private readonly db: Db) {}

  private rows() {
    return this.db
      .selectFrom('fullscreen_links')
      .leftJoin('plants', 'plants.id', 'fullscreen_links.plant_id')
      .select([
        'fullscreen_links.id',
        'fullscreen_links.created_by',
        'fullscreen_links.plant_id',
        'plants.name as plant_name',
        'fullscreen_links.created_at',
        'fullscreen_links.expires_at',
        'fullscreen_links.revoked_at',
      ]);
  }

  async create(link: NewLink) {
    const { token, hash } = newSecretToken();
    const { id } = await this.db
      .insertInto('fullscreen_links')
      .values({
        token_hash: hash,
        created_by: link.createdBy,
        plant_id: link.plantId,
        expires_at: new Date(Date.now() + link.validHours * HOUR_MS),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = await this.rows().where('fullscreen_links.id', '=', id).executeTakeFirstOrThrow();
    return { token, row };
  }

  listOf(userId: number) {
    return this.rows()
      .where('fullscreen_links.created_by', '=', userId)
      .orderBy('fullscreen_links.id', 'desc')
      .execute();
  }

  /** Revokes the creator's link (once; a second revoke keeps the first time); null if not theirs. */
  async revoke(userId: number, id: number) {
    const revoked = await this.db
      .updateTable('fullscreen_links')
      .set((eb) => ({ revoked_at: eb.fn.coalesce('revoked_at', eb.fn<Date>('now')) }))
      .where('id', '=', id)
      .where('created_by', '=', userId)
      .returning('id')
      .executeTakeFirst();
    if (!revoked) return null;
    return this.rows().where('fullscreen_links.id', '=', id).executeTakeFirstOrThrow();
  }

  /** The live link a token opens: not expired, not revoked; null for anything else. */
  findLive(token: string) {
    return this.rows()
      .where('fullscreen_links.token_hash', '=', tokenDigest(token))
      .where('fullscreen_links.revoked_at', 'is', null)
      .where('fullscreen_links.expires_at', '>', new Date())
      .executeTakeFirst()
      .then((row) => row ?? null);
  }
}

export type FullscreenLinkRow = Awaited<ReturnType<FullscreenLinks['listOf']>>[number];

export function presentLink(row: FullscreenLinkRow) {
  return {
    id: row.id,
    plantId: row.plant_id,
    plantName: row.plant_name,
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    revokedAt: row.revoked_at?.toISOString() ?? null,
  };
}
