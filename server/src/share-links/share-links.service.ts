import { ErrorCode, PUBLIC_REALTIME_ROUTES, SHAREABLE_KINDS } from '@solar/contract';
import type { AppDeps } from '../app-deps.js';
import type { AuthContext } from '../auth/auth-context.js';
import { findVisibleDevice } from '../equipment/device-access.js';
import { presentRealtime } from '../equipment/equipment.service.js';
import { AppError } from '../errors/app-error.js';
import { PublicLinkGuard } from './public-link-guard.js';
import { ShareLinkTokens } from './share-link-tokens.js';

const HOUR_MS = 3_600_000;

/** Public realtime links of inverters and EPMs: created by those who act on the device. */
export class ShareLinksService {
  private readonly tokens: ShareLinkTokens;
  private readonly guard: PublicLinkGuard;

  constructor(private readonly deps: AppDeps) {
    this.tokens = new ShareLinkTokens(deps.accessTokens.keyFor('share-link'));
    this.guard = new PublicLinkGuard(deps.db);
  }

  /** A link for a device the caller manages (its plant's owner, managers, company); 606 otherwise. */
  async create(auth: AuthContext, sn: string, validHours: number) {
    const found = await findVisibleDevice(this.deps.db, auth, sn);
    const kind = SHAREABLE_KINDS.find((k) => k === found?.device.kind);
    if (!found || !kind || found.level !== 'manage') throw new AppError(ErrorCode.deviceNotFound);
    const expiresAt = new Date(Date.now() + validHours * HOUR_MS);
    const token = await this.tokens.sign({ sn, kind, expiresAt });
    return {
      token,
      path: `${PUBLIC_REALTIME_ROUTES[kind]}?token=${encodeURIComponent(token)}`,
      expiresAt: expiresAt.toISOString(),
    };
  }

  /** The live values a valid link names; 607 for an expired, altered or made-up token. */
  async realtime(token: string, address: string) {
    const { claim, device } = await this.guard.resolve(address, () => this.linkedDevice(token));
    return {
      ...presentRealtime(device),
      kind: claim.kind,
      name: device.alias ?? device.sn,
      expiresAt: claim.expiresAt.toISOString(),
    };
  }

  private async linkedDevice(token: string) {
    const claim = await this.tokens.verify(token);
    if (!claim) return null;
    const device = await this.deps.db
      .selectFrom('devices')
      .selectAll()
      .where('sn', '=', claim.sn)
      .where('kind', '=', claim.kind)
      .executeTakeFirst();
    return device ? { claim, device } : null;
  }
}
