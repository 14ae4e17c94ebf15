import { Logger } from '@nestjs/common';
import { createPool, DEFAULT_CHECKPOINT_NAME, loadConfig, migrateProjections, readQuarantines, resumeQuarantined } from '@budget/platform';

/**
 * `node services/projector/dist/resume.js [userId]`: once the cause of a quarantined partition is
 * fixed (a projection corrected and deployed, a row repaired), makes it (one user's, or every one)
 * due now; the running projector retries it within its poll interval (1 s), and a projector
 * started later tries it at once anyway. Lists the quarantined partitions either way.
 */
async function resume(): Promise<void> {
  const logger = new Logger('Resume');
  const config = loadConfig(process.env, process.env.REPO_ROOT ?? process.cwd(), { secrets: [] });
  const pool = createPool(config.databaseUrl, 1);
  try {
    await migrateProjections(pool, []);
    for (const q of await readQuarantines(pool, DEFAULT_CHECKPOINT_NAME)) {
      logger.log(`user ${q.userId}: event ${q.position} (${q.eventType} ${q.eventId}) failing since ${q.since.toISOString()}, ${q.attempts} tries: ${q.error}`);
    }
    const userId = process.argv[2] ?? null;
    logger.log(`${await resumeQuarantined(pool, DEFAULT_CHECKPOINT_NAME, userId)} partition(s) due now${userId ? ` (user ${userId})` : ''}`);
  } finally {
    await pool.end();
  }
}

resume().catch((error: unknown) => {
  new Logger('Resume').error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});
