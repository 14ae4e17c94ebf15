import { Query } from '@nestjs/cqrs';
import type { previewCsv, RouteResponse } from '@budget/contracts';
import type { CsvDelimiter } from '../../domain/import/csv-parser.js';

/** A CSV file's header, first rows and a suggested mapping (nothing is stored). */
export class PreviewCsvQuery extends Query<RouteResponse<typeof previewCsv>> {
  constructor(
    readonly userId: string,
    readonly accountId: string,
    readonly text: string,
    readonly delimiter: CsvDelimiter | 'auto' = 'auto',
  ) {
    super();
  }
}
