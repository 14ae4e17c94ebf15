import { Body, Controller, Inject, Param, Patch, Post, UseFilters } from '@nestjs/common';
import { CurrentUserId } from '@budget/identity';
import { LedgerErrorFilter } from '../../http/ledger-error.filter.js';
import { LedgerViews } from '../../queries/transaction-view.js';
import { CategoryTransfersService } from '../category-transfers.service.js';
import { transferBody } from './transfer-body.js';

/**
 * POST /api/v1/category-transfer and PATCH /api/v1/category-transfer/{id}: answer
 * `{data: {balances: [{id, balance}], transaction}}`. Deleting one is DELETE /transaction/{id}.
 */
@Controller('category-transfer')
@UseFilters(LedgerErrorFilter)
export class CategoryTransferController {
  constructor(
    @Inject(CategoryTransfersService) private readonly transfers: CategoryTransfersService,
    @Inject(LedgerViews) private readonly views: LedgerViews,
  ) {}

  @Post()
  async record(@CurrentUserId() userId: string, @Body() body: unknown) {
    const { version: _ignored, comment = null, ...input } = transferBody(body);
    const { transactionId, categories } = await this.transfers.record({ userId }, { ...input, comment });
    return this.answer(userId, transactionId, categories);
  }

  @Patch(':id')
  async change(@CurrentUserId() userId: string, @Param('id') id: string, @Body() body: unknown) {
    const { categories } = await this.transfers.change({ userId }, id, transferBody(body));
    return this.answer(userId, id, categories);
  }

  private async answer(userId: string, transactionId: string, categories: string[]) {
    return { data: { balances: await this.views.categoryBalances(userId, categories), transaction: await this.views.transaction(userId, transactionId) } };
  }
}
