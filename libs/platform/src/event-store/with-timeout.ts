/** Raised when an event-store call does not answer within its deadline. */
export class EventStoreTimeoutError extends Error {
  override readonly name = 'EventStoreTimeoutError';
  constructor(
    readonly operation: string,
    readonly timeoutMs: number,
  ) {
    super(`Event store: ${operation} did not answer within ${timeoutMs} ms`);
  }
}

/**
 * Settles like `work`, or rejects with `EventStoreTimeoutError` after `timeoutMs`; `onTimeout`
 * runs then (cancel a stream, for instance). A server that accepts a connection and never
 * answers would otherwise keep the caller waiting forever.
 */
export async function withTimeout<T>(
  operation: string,
  timeoutMs: number,
  work: Promise<T>,
  onTimeout?: () => void,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onTimeout?.();
      reject(new EventStoreTimeoutError(operation, timeoutMs));
    }, timeoutMs);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
