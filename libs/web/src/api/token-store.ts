/** The slice of the Web Storage API the token store needs; tests pass an in-memory map. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export const REFRESH_TOKEN_KEY = 'budget.refreshToken';
export const ACCESS_TOKEN_KEY = 'budget.accessToken';

export interface Tokens {
  access: string;
  refresh: string;
}

/** Access and refresh tokens kept in storage so a reload keeps the session. */
export class TokenStore {
  constructor(private readonly storage: KeyValueStorage) {}

  get access(): string | null {
    return this.storage.getItem(ACCESS_TOKEN_KEY);
  }

  get refresh(): string | null {
    return this.storage.getItem(REFRESH_TOKEN_KEY);
  }

  set(tokens: Tokens): void {
    this.storage.setItem(ACCESS_TOKEN_KEY, tokens.access);
    this.storage.setItem(REFRESH_TOKEN_KEY, tokens.refresh);
  }

  clear(): void {
    this.storage.removeItem(ACCESS_TOKEN_KEY);
    this.storage.removeItem(REFRESH_TOKEN_KEY);
  }
}

/** A storage that lives only in memory: for tests and for browsers that refuse localStorage. */
export function memoryStorage(): KeyValueStorage {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}
