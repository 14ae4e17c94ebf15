import type { InstitutionAdded, InstitutionDeleted, InstitutionEvent, InstitutionRenamed } from './account.events.js';
import { RuleViolation, UnknownReference } from './domain-error.js';

export interface InstitutionState {
  exists: boolean;
  deleted: boolean;
  institutionId: string;
  name: string;
}

export const initialInstitutionState: InstitutionState = { exists: false, deleted: false, institutionId: '', name: '' };

export function evolveInstitution(state: InstitutionState, event: InstitutionEvent): InstitutionState {
  switch (event.type) {
    case 'InstitutionAdded':
      return { exists: true, deleted: false, institutionId: event.data.institutionId, name: event.data.name };
    case 'InstitutionRenamed':
      return { ...state, name: event.data.name };
    case 'InstitutionDeleted':
      return { ...state, deleted: true };
    default: {
      const unknown: never = event;
      throw new Error(`Unknown institution event ${(unknown as { type: string }).type}`);
    }
  }
}

export const foldInstitution = (events: readonly InstitutionEvent[]) => events.reduce(evolveInstitution, initialInstitutionState);

const NAME_REQUIRED = 'Institution name is required';

/** An offline institution (product-spec §5 "Offline account"): its name is required. */
export function decideAddInstitution(institutionId: string, name: string | undefined): [InstitutionAdded] {
  const trimmed = name?.trim() ?? '';
  if (trimmed === '') throw new RuleViolation('institution.name', NAME_REQUIRED, 'required');
  return [{ type: 'InstitutionAdded', data: { institutionId, name: trimmed, plaidInstitutionId: null } }];
}

/** PATCH /institution/{id}: a new name; the same name changes nothing. */
export function decideRenameInstitution(name: string | undefined, state: InstitutionState): InstitutionRenamed[] {
  if (!state.exists || state.deleted) throw new UnknownReference('Institution');
  const trimmed = name?.trim() ?? '';
  if (trimmed === '') throw new RuleViolation('name', NAME_REQUIRED, 'required');
  if (trimmed === state.name) return [];
  return [{ type: 'InstitutionRenamed', data: { institutionId: state.institutionId, name: trimmed, previousName: state.name } }];
}

/** DELETE /institution/{id}: the projection removes its accounts and their transactions with it. */
export function decideDeleteInstitution(state: InstitutionState): InstitutionDeleted[] {
  if (!state.exists || state.deleted) throw new UnknownReference('Institution');
  return [{ type: 'InstitutionDeleted', data: { institutionId: state.institutionId } }];
}
