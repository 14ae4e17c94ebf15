import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PAYMENT_CHANNEL_LABELS, type PaymentChannel } from '@budget/contracts';
import { PG_POOL, type Pool } from '@budget/platform';
import { dollars, edgeRange } from '../report-range.js';
import { PayeeQuery } from './payee.query.js';
import { payeeSql } from './payee.sql.js';

@QueryHandler(PayeeQuery)
export class PayeeHandler implements IQueryHandler<PayeeQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async execute({ userId, filter }: PayeeQuery) {
    const rows = await payeeSql(this.pool, userId, edgeRange(filter.startDate, filter.endDate), filter.a ?? null, filter.pc ?? null);
    return rows.map((r, i) => ({
      rowNumber: i + 1,
      name: r.payee,
      paymentChannel: PAYMENT_CHANNEL_LABELS[r.channel as PaymentChannel] ?? 'unknown',
      count: Number(r.count),
      sum: dollars(r.cents),
    }));
  }
}
