import type { IncomingMessage, ServerResponse } from 'node:http';

export interface StaticHandlerOptions {
  /** The shell's dist folder, served at `/` with its index.html for client routes. */
  shellDir: string;
  /**
   * Where the remotes' builds are: a folder with one `<name>/dist` per app (this repository's
   * `frontends`), or a map from remote name to its dist folder. Served at `/remotes/<name>/`.
   */
  remotesDir: string | Record<string, string>;
  /**
   * Whether an extensionless path is one of the app's pages; any other gets the shell's index.html
   * with status 404 (the shell shows "Page not found"). Without it, every such path is a 200.
   */
  isPage?: (pathname: string) => boolean;
}

export type StaticHandler = (req: IncomingMessage, res: ServerResponse, next?: () => void) => Promise<void>;

export function createStaticHandler(options: StaticHandlerOptions): StaticHandler;

/** The encodings an `Accept-Encoding` header allows (a `q=0` refuses one). */
export function acceptedEncodings(header: string | string[] | undefined): Set<string>;
