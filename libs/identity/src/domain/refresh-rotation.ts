/**
 * What to do with a presented refresh token (docs/architecture.md §7): rotate a fresh one; a token that was
 * already spent means it was copied, so the whole family (session) is revoked; anything else is
 * refused. Every refusal answers 401 with an empty body.
 */
export interface PresentedRefreshToken {
  usedAt: Date | null;
  expiresAt: Date;
  sessionRevokedAt: Date | null;
}

export type RefreshDecision = 'rotate' | 'revoke-family' | 'reject';

export function decideRefresh(token: PresentedRefreshToken | null, now: Date): RefreshDecision {
  if (token === null || token.sessionRevokedAt !== null) return 'reject';
  if (token.usedAt !== null) return 'revoke-family';
  if (now.getTime() >= token.expiresAt.getTime()) return 'reject';
  return 'rotate';
}
