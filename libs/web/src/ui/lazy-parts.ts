import { useEffect, useState } from 'react';

/**
 * A module of UI parts fetched on first use and kept: the accessible primitives (Radix) that the
 * first screen does not show stay out of the first load (docs/architecture.md §9).
 */
export interface LazyParts<T> {
  /** The module once it has arrived, else null. */
  readonly loaded: () => T | null;
  /** Starts fetching (once) and resolves with the module. */
  readonly load: () => Promise<T>;
}

export function lazyParts<T>(importer: () => Promise<T>): LazyParts<T> {
  let module: T | null = null;
  let pending: Promise<T> | null = null;
  return {
    loaded: () => module,
    load: () => {
      pending ??= importer().then((value) => (module = value));
      return pending;
    },
  };
}

/** The parts, fetching them when the component mounts; null until they have arrived. */
export function useLazyParts<T>(parts: LazyParts<T>): T | null {
  const [module, setModule] = useState<T | null>(parts.loaded);
  useEffect(() => {
    if (module !== null) return undefined;
    let live = true;
    void parts.load().then((value) => {
      if (live) setModule(value);
    });
    return () => {
      live = false;
    };
  }, [parts, module]);
  return module;
}
