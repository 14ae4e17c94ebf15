import { Controller, Inject, UseFilters } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { previewCsv } from '@budget/contracts';
import { CurrentUserId, Endpoint, Input } from '@budget/platform';
import type { CheckedInput } from '../../http/checked-input.js';
import { LedgerErrorFilter } from '../../http/ledger-error.filter.js';
import { PreviewCsvQuery } from './preview-csv.query.js';

/** POST /api/v1/account/{id}/csv/preview {text, delimiter?}: 201 `{data: {delimiter, decimalSeparator, header, rows, rowCount, mapping}}`. */
@Controller()
@UseFilters(LedgerErrorFilter)
export class PreviewCsvController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Endpoint(previewCsv, PreviewCsvQuery)
  preview(@CurrentUserId() userId: string, @Input(previewCsv) { params, body }: CheckedInput<typeof previewCsv>) {
    return this.queries.execute(new PreviewCsvQuery(userId, params.id, body.text, body.delimiter));
  }
}
