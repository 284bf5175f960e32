import { SAVED_PROFILE_FIELDS } from '../../src/domain/customer';
import type { EditableField } from './profile.types';

/**
 * The fields on screen, in screen order: what a member saves, then the terms box. A failed submit focuses the
 * first invalid one, and a server message for any other name cannot be shown, so it is not treated as one the
 * customer can fix.
 */
export const EDITABLE_FIELDS = [...SAVED_PROFILE_FIELDS, 'isAgreedToTerms'] as const satisfies readonly EditableField[];

// A field added to the customer but not to this list would be one the form never focuses: refuse to compile.
type Unlisted = Exclude<EditableField, (typeof EDITABLE_FIELDS)[number]>;
const everyFieldListed: [Unlisted] extends [never] ? true : Unlisted = true;
void everyFieldListed;

const editable = new Set<string>(EDITABLE_FIELDS);

export const isEditableField = (name: string): name is EditableField => editable.has(name);
