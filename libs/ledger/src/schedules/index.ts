export { SchedulesModule } from './schedules.module.js';
export { schedulesProjection, SCHEDULES_TABLE } from './projection/schedules.projection.js';
export { PostOccurrenceCommand } from './commands/post-occurrence/post-occurrence.command.js';
export { postDueOccurrences, DueOccurrencesQueue, SCHEDULES_QUEUE, DUE_SCHEDULER, type DueScanAnswer, type DueScanDeps } from './posting/due-occurrences.js';
export { occurrenceTransactionId } from './domain/schedule.decide.js';
export { occurrencesBetween, type Recurrence } from './domain/recurrence.js';
