import { Injectable } from '@nestjs/common';
import { hash, verify } from '@node-rs/argon2';

/**
 * Argon2id password hashes (the library's default algorithm; the hash string records it, e.g.
 * `$argon2id$v=19$m=19456,t=2,p=1$…`).
 */
@Injectable()
export class PasswordHasher {
  private dummy: Promise<string> | null = null;

  hash(password: string): Promise<string> {
    return hash(password);
  }

  async verify(passwordHash: string, password: string): Promise<boolean> {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  }

  /** Spends the same time as a real check when there is no such user, so timing tells nothing. */
  async verifyNobody(password: string): Promise<false> {
    this.dummy ??= hash('no such user: timing equaliser');
    await this.verify(await this.dummy, password);
    return false;
  }
}
