import { EDITABLE_FIELDS } from '../../../machines/profile/profile.fields';
import type { EditableField } from '../../../machines/profile/profile.types';
import { fieldId } from '../../components/fields/field-ids';
import type { CustomerForm } from '../../domain/customer';

type FieldChange = { [F in EditableField]: { field: F; value: CustomerForm[F] } }[EditableField];

/** A list's empty choice is no value; the year is a number. */
function formValue(field: EditableField, raw: string): CustomerForm[EditableField] {
  if (field === 'vehicleYear') return raw === '' ? null : Number(raw);
  if (field === 'vehicleMake' || field === 'vehicleModel' || field === 'vehicleColor') return raw === '' ? null : raw;
  return raw;
}

/**
 * What the customer typed or chose in the server's render of the form (decision 016) before the app took it over:
 * hydration keeps what is on screen but the flow never heard of it. Each field whose element shows something else
 * than `form` holds. The boxes are buttons that do nothing before the app runs, so they cannot differ.
 */
export function typedBeforeStart(form: CustomerForm, doc: Document = document): FieldChange[] {
  return EDITABLE_FIELDS.flatMap((field) => {
    const element = doc.getElementById(fieldId(field));
    if (!(element instanceof HTMLInputElement || element instanceof HTMLSelectElement)) return [];
    const held = form[field];
    if (typeof held === 'boolean' || element.value === (held === null ? '' : String(held))) return [];
    return [{ field, value: formValue(field, element.value) } as FieldChange];
  });
}
