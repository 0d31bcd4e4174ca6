import { ErrorCode, PUBLIC_FULLSCREEN_ROUTE } from '@solar/contract';
import type { AppDeps } from '../app-deps.js';
import { type AuthContext, loadEnabledUser } from '../auth/auth-context.js';
import { AppError } from '../errors/app-error.js';
import { plantAccessLevel } from '../plants/plant-access.js';
import { PortfolioService } from '../portfolio/portfolio.service.js';
import { PublicLinkGuard } from '../share-links/public-link-guard.js';
import { FullscreenLinks, presentLink } from './fullscreen-links.js';

/**
 * The wall-screen display: the portfolio's figures (one computation, shared with the
 * dashboard) of a fleet or one plant, for a signed-in viewer or for whoever holds a live link.
 * A link shows what its creator may see now: when the creator loses the plant, is disabled or
 * loses `station.view`, the screen goes dark.
 */
export class FullscreenService {
  private readonly portfolio: PortfolioService;
  private readonly links: FullscreenLinks;
  private readonly guard: PublicLinkGuard;

  constructor(private readonly deps: AppDeps) {
    this.portfolio = new PortfolioService(deps);
    this.links = new FullscreenLinks(deps.db);
    this.guard = new PublicLinkGuard(deps.db);
  }

  /**
   * The figures of the caller's fleet, or of one visible plant (700 otherwise: the portfolio
   * reads only visible plants, so an empty answer for one plant means it is not visible).
   */
  async display(auth: AuthContext, plantId: number | undefined) {
    const figures = await this.portfolio.portfolio(auth, plantId);
    if (plantId === undefined) return { ...figures, plantName: null };
    const plant = figures.plants[0];
    if (!plant) throw new AppError(ErrorCode.plantNotFound);
    return { ...figures, plantName: plant.name };
  }

  /** A link to the caller's fleet, or to a plant the caller manages (700 otherwise). */
  async create(auth: AuthContext, plantId: number | null, validHours: number) {
    if (plantId !== null && (await plantAccessLevel(this.deps.db, auth, plantId)) !== 'manage') {
      throw new AppError(ErrorCode.plantNotFound);
    }
    const { token, row } = await this.links.create({ createdBy: auth.userId, plantId, validHours });
    return {
      ...presentLink(row),
      token,
      path: `${PUBLIC_FULLSCREEN_ROUTE}?token=${encodeURIComponent(token)}`,
    };
  }

  async list(auth: AuthContext) {
    return (await this.links.listOf(auth.userId)).map(presentLink);
  }

  /** Revokes one of the caller's links; 607 for a link that is not theirs. */
  async revoke(auth: AuthContext, id: number) {
    const row = await this.links.revoke(auth.userId, id);
    if (!row) throw new AppError(ErrorCode.shareLinkInvalid);
    return presentLink(row);
  }

  /** What a live link shows; 607 for an expired, revoked or unknown token, 109 when guessing. */
  async shared(token: string, address: string) {
    const { link, creator } = await this.guard.resolve(address, () => this.liveLink(token));
    const figures = await this.display(creator, link.plant_id ?? undefined);
    return { ...figures, expiresAt: link.expires_at.toISOString() };
  }

  private async liveLink(token: string) {
    const link = await this.links.findLive(token);
    if (!link) return null;
    const creator = await this.creatorContext(link.created_by);
    if (!creator?.permissions.has('station.view')) return null;
    const plantVisible =
      link.plant_id === null || (await plantAccessLevel(this.deps.db, creator, link.plant_id));
    return plantVisible ? { link, creator } : null;
  }

  private async creatorContext(userId: number) {
    return (await loadEnabledUser(this.deps.db, userId))?.context ?? null;
  }
}
