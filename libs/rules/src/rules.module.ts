import { Module } from '@nestjs/common';
import { EventWriter } from '@budget/platform';
import { ApplyAutoAssignmentController } from './commands/apply-auto-assignment/apply-auto-assignment.controller.js';
import { ApplyAutoAssignmentHandler } from './commands/apply-auto-assignment/apply-auto-assignment.handler.js';
import { AddAutoAssignmentController } from './commands/add-auto-assignment/add-auto-assignment.controller.js';
import { AddAutoAssignmentHandler } from './commands/add-auto-assignment/add-auto-assignment.handler.js';
import { ChangeAutoAssignmentController } from './commands/change-auto-assignment/change-auto-assignment.controller.js';
import { ChangeAutoAssignmentHandler } from './commands/change-auto-assignment/change-auto-assignment.handler.js';
import { DeleteAutoAssignmentController } from './commands/delete-auto-assignment/delete-auto-assignment.controller.js';
import { DeleteAutoAssignmentHandler } from './commands/delete-auto-assignment/delete-auto-assignment.handler.js';
import { RulesCommands } from './commands/rules-commands.js';
import { UndoAutoAssignmentApplicationController } from './commands/undo-auto-assignment-application/undo-auto-assignment-application.controller.js';
import { UndoAutoAssignmentApplicationHandler } from './commands/undo-auto-assignment-application/undo-auto-assignment-application.handler.js';
import { ListAutoAssignmentsController } from './queries/list-auto-assignments/list-auto-assignments.controller.js';
import { ListAutoAssignmentsHandler } from './queries/list-auto-assignments/list-auto-assignments.handler.js';
import { RulesReads } from './queries/list-auto-assignments/rules-reads.js';
import { PreviewAutoAssignmentController } from './queries/preview-auto-assignment/preview-auto-assignment.controller.js';
import { PreviewAutoAssignmentHandler } from './queries/preview-auto-assignment/preview-auto-assignment.handler.js';
import { RulePreview } from './queries/preview-auto-assignment/rule-preview.js';
import { MatchAutoAssignmentsHandler } from './queries/match-auto-assignments/match-auto-assignments.handler.js';

/**
 * The rules context: auto-assignment rules in the stream `rules-<userId>`, their routes, and the
 * public query `MatchAutoAssignments` the ledger asks when it records bank rows. Needs the global
 * PlatformModule and the buses of `CqrsModule.forRoot()`.
 */
@Module({
  controllers: [
    // The preview's fixed path before the routes with an {id}.
    ListAutoAssignmentsController, PreviewAutoAssignmentController, AddAutoAssignmentController, ChangeAutoAssignmentController,
    DeleteAutoAssignmentController, ApplyAutoAssignmentController, UndoAutoAssignmentApplicationController,
  ],
  providers: [
    EventWriter, RulesReads, RulesCommands, RulePreview,
    ListAutoAssignmentsHandler, AddAutoAssignmentHandler, ChangeAutoAssignmentHandler, DeleteAutoAssignmentHandler,
    MatchAutoAssignmentsHandler, PreviewAutoAssignmentHandler, ApplyAutoAssignmentHandler, UndoAutoAssignmentApplicationHandler,
  ],
})
export class RulesModule {}
