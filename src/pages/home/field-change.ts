import type { EditableField } from '../../../machines/profile/profile.types';
import type { CustomerForm } from '../../domain/customer';

/**
 * How the profile form and its sections report an edit, typed per field so that a section cannot send a year
 * where a name goes. It sits apart from profile-form.tsx so that the sections the form renders need not import
 * the form back.
 */
export type ProfileFieldChange = <F extends EditableField>(field: F, value: CustomerForm[F]) => void;
