import { Controller, Get, Inject } from '@nestjs/common';
import { Public } from '@budget/identity';
import { PG_POOL, type Pool } from '@budget/platform';

/** GET /api/v1/health: 200 `{status:"ok"}` when the database answers (not in the original spec). */
@Public()
@Controller('health')
export class HealthController {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  @Get()
  async health(): Promise<{ status: 'ok' }> {
    await this.pool.query('SELECT 1');
    return { status: 'ok' };
  }
}
