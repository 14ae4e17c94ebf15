import { Body, Controller, HttpCode, Inject, Post, UseFilters } from '@nestjs/common';
import { Public } from '../../auth/public.decorator.js';
import { RequestBody } from '../../http/request-body.js';
import type { TokenPair } from '../../session/session-tokens.js';
import { RefreshRefused, RefreshRefusedFilter } from './refresh-refused.js';
import { RefreshService } from './refresh.service.js';

@Public()
@Controller()
@UseFilters(RefreshRefusedFilter)
export class RefreshController {
  constructor(@Inject(RefreshService) private readonly service: RefreshService) {}

  /** Body `{data:{refresh}}`; answer `{data:{access, refresh}}` or 401 with an empty body. */
  @Post('refresh')
  @HttpCode(200)
  async refresh(@Body() raw: unknown): Promise<{ data: TokenPair }> {
    const token = new RequestBody(raw).nested('data').string('refresh');
    const pair = token ? await this.service.refresh(token) : null;
    if (!pair) throw new RefreshRefused();
    return { data: pair };
  }
}
