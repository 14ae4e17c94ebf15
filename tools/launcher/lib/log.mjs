/** A failure the user can act on: printed as a message, without a stack trace. */
export class LauncherError extends Error {
  name = 'LauncherError';
}

export function say(message) {
  process.stdout.write(`[launcher] ${message}\n`);
}

/** Prints an error for a person: the message of a LauncherError, the stack of anything else. */
export function report(error) {
  const text = error instanceof LauncherError ? error.message : (error?.stack ?? String(error));
  process.stderr.write(`[launcher] ${text}\n`);
}
