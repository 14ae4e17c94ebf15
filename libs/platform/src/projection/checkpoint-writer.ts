import type { Pool } from '../postgres/pool.js';
import { advanceCheckpoint } from './checkpoint.js';

/**
 * Stores the projector's low-water mark as the global checkpoint, one small transaction at a time:
 * marks that arrive while one is being saved are coalesced into the next save, so the workers
 * never wait for it and the checkpoint row is not a point every batch queues on.
 */
export class CheckpointWriter {
  private wanted: bigint;
  private saving: Promise<void> | null = null;

  constructor(
    private readonly pool: Pool,
    private readonly name: string,
    start: bigint,
    /** The checkpoint as stored (a rebuild may have put it further than asked). */
    private readonly saved: (position: bigint) => void,
    private readonly failed: (error: unknown) => void,
  ) {
    this.wanted = start;
  }

  /** Asks for the checkpoint to reach `position` (never moves it back). */
  advance(position: bigint): void {
    if (position <= this.wanted) return;
    this.wanted = position;
    this.saving ??= this.drain();
  }

  /** Settles once every position asked for so far is stored (or its save failed). */
  async flush(): Promise<void> {
    await this.saving;
  }

  private async drain(): Promise<void> {
    let stored: bigint | null = null;
    try {
      while (stored === null || stored < this.wanted) {
        const target = this.wanted;
        stored = await advanceCheckpoint(this.pool, this.name, target);
        this.saved(stored);
        // Stored further than wanted (a rebuild): nothing below it needs saving.
        if (stored > this.wanted) this.wanted = stored;
      }
    } catch (error) {
      this.failed(error);
    } finally {
      this.saving = null;
    }
  }
}
