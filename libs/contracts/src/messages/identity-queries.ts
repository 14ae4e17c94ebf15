/** The roles of a user (`['ADMIN']` for an administrator; an unknown user has none). Answers `string[]`. */
export class IdentityUserRoles {
  constructor(readonly userId: string) {}
}
