import { ErrorCode, type PasskeyAssertion, type TokenData } from '@solar/contract';
import type { AppDeps } from '../app-deps.js';
import { AppError, UnauthenticatedError } from '../errors/app-error.js';
import { inBrand } from '../auth/brand-scope.js';
import { AttemptLimiter, LOGIN_GUESSES } from '../auth/attempt-limiter.js';
import { deviceSource, KnownSources } from '../auth/known-sources.js';
import { newSecretToken, tokenDigest } from '../auth/secret-token.js';
import { decoyPasswordHash, verifyPassword } from '../auth/passwords.js';
import { RefreshTokens } from '../auth/refresh-tokens.js';
import { expireAccessTokens } from '../auth/sessions.js';
import type { RelyingParty } from './relying-party.js';
import { SecondFactors } from './second-factor.js';

/** A password sign-in, with the second factor's proof when the account has one. */
export interface PasswordSignIn {
  username: string;
  password: string;
  otp?: string | undefined;
  recoveryCode?: string | undefined;
  passkey?: PasskeyAssertion | undefined;
  rememberDevice?: boolean;
}

interface SessionUser {
  id: number;
  session_version: number;
}

/** An enabled account of an enabled company, or of none. */
function isUsable(user: { is_enabled: boolean; company_is_enabled: boolean | null }): boolean {
  return user.is_enabled && user.company_is_enabled !== false;
}

export class SignInService {
  private readonly limiter: AttemptLimiter;
  private readonly refreshTokens: RefreshTokens;
  private readonly knownSources: KnownSources;
  private readonly secondFactors: SecondFactors;

  constructor(private readonly deps: AppDeps) {
    this.secondFactors = new SecondFactors(deps);
    this.limiter = new AttemptLimiter(deps.db);
    this.knownSources = new KnownSources(deps.db);
    this.refreshTokens = new RefreshTokens(deps.db, deps.config.REFRESH_TOKEN_TTL_DAYS);
  }

  private async tokensFor(user: SessionUser, refreshToken: string): Promise<TokenData> {
    return {
      access_token: await this.deps.accessTokens.sign({
        userId: user.id,
        sessionVersion: user.session_version,
      }),
      refresh_token: refreshToken,
      token_type: 'bearer',
      expires_in: this.deps.accessTokens.ttlSeconds,
    };
  }

  /**
   * The guess is taken from its budgets before the password is hashed, so a burst of guesses
   * costs at most the budget in argon2 work and at most the budget of them is ever evaluated.
   * A device cookie or an address the account signed in from before has a budget of its own
   * (`LOGIN_GUESSES`). Only accounts of the request's brand are looked at: under another brand
   * an account answers like an unknown e-mail, whatever the password. Answers the device token
   * to keep in the device cookie.
   */
  async signInWithPassword(
    { username, password, ...proof }: PasswordSignIn,
    client: { ip: string; deviceToken: string | null; relyingParty: RelyingParty },
    brandId: number | null,
  ): Promise<{ tokens: TokenData; deviceToken: string }> {
    const device = client.deviceToken && deviceSource(tokenDigest(client.deviceToken));
    const trusted = await this.knownSources.firstKnown(
      username,
      device ? [device, client.ip] : [client.ip],
    );
    const guess = await this.limiter.takeGuess(
      LOGIN_GUESSES,
      username,
      trusted ?? client.ip,
      trusted !== undefined,
    );
    const user = await this.usersWithCompany()
      .select(['users.password_hash'])
      .where((eb) => eb(eb.fn('lower', ['users.email']), '=', username.toLowerCase()))
      .where(inBrand({ brandId }))
      .executeTakeFirst();
    // Whatever the password: answering 101 only to the right one would confirm a guess.
    if (user && !isUsable(user)) throw new AppError(ErrorCode.accountDisabled);
    const isMatch = await verifyPassword(
      user?.password_hash ?? (await decoyPasswordHash()),
      password,
    );
    if (!user || !isMatch) throw new AppError(ErrorCode.wrongCredentials);
    const deviceDigest = client.deviceToken ? tokenDigest(client.deviceToken) : null;
    const { relyingParty } = client;
    await this.secondFactors
      .check(user.id, { ...proof, deviceDigest, relyingParty })
      .catch(async (error) => {
        // The password was right: only a wrong code counts as a guess.
        if (error instanceof AppError && error.code === ErrorCode.secondFactorRequired)
          await this.limiter.succeeded(guess);
        throw error;
      });
    await this.limiter.succeeded(guess);
    const deviceToken = client.deviceToken ?? newSecretToken().token;
    if (proof.rememberDevice && (proof.otp ?? proof.recoveryCode ?? proof.passkey) !== undefined)
      await this.secondFactors.remember(user.id, tokenDigest(deviceToken));
    await this.knownSources.remember(username, [client.ip, deviceSource(tokenDigest(deviceToken))]);
    return {
      tokens: await this.tokensFor(user, await this.refreshTokens.issue(user.id)),
      deviceToken,
    };
  }

  /** A refresh token of another brand's account answers like an unknown one and stays unused. */
  async refresh(refreshToken: string, brandId: number | null): Promise<TokenData> {
    const outcome = await this.refreshTokens.rotate(refreshToken, brandId);
    if (outcome.kind !== 'rotated') throw new UnauthenticatedError(`refresh token ${outcome.kind}`);
    const user = await this.usersWithCompany()
      .where('users.id', '=', outcome.userId)
      .executeTakeFirst();
    if (!user || !isUsable(user)) throw new AppError(ErrorCode.accountDisabled);
    return this.tokensFor(user, outcome.token);
  }

  /** Users with what decides whether they may hold a session: their own and their company's flag. */
  private usersWithCompany() {
    return this.deps.db
      .selectFrom('users')
      .leftJoin('companies', 'companies.id', 'users.company_id')
      .select([
        'users.id',
        'users.is_enabled',
        'users.session_version',
        'companies.is_enabled as company_is_enabled',
      ]);
  }

  /** Ends the session of the refresh token; the user's access tokens all answer 401 next. */
  async signOut(refreshToken: string, userId: number): Promise<void> {
    await this.refreshTokens.revoke(refreshToken, userId);
    await expireAccessTokens(this.deps.db, userId);
  }
}
