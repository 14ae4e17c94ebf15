import type { RouteContract } from '../common/route.js';
import { addAutoAssignment, applyAutoAssignment, changeAutoAssignment, deleteAutoAssignment, listAutoAssignments, previewAutoAssignment, undoAutoAssignmentApplication } from './auto-assignments.js';

export * from './auto-assignments.js';

/** Every route of the rules context (product-spec §7 "Rules, logs, bills"). */
export const rulesRoutes: RouteContract[] = [
  listAutoAssignments, addAutoAssignment, changeAutoAssignment, deleteAutoAssignment, previewAutoAssignment, applyAutoAssignment, undoAutoAssignmentApplication,
];
