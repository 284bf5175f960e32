import type { EditableField } from './profile.types';

/** A record, not a list, so a field added to the form does not compile until it has its place here. */
const inScreenOrder = {
  firstName: true,
  lastName: true,
  address: true,
  address2: true,
  city: true,
  region: true,
  postalCode: true,
  email: true,
  vehicleYear: true,
  vehicleMake: true,
  vehicleModel: true,
  vehicleColor: true,
  isSubscribedToNewsletters: true,
  isSubscribedToSmsMessaging: true,
  isAgreedToTerms: true,
} satisfies Record<EditableField, true>;

/**
 * The fields on screen, in screen order: a failed submit focuses the first invalid one, and a server message for
 * any other name cannot be shown, so it is not treated as one the customer can fix.
 */
export const EDITABLE_FIELDS = Object.keys(inScreenOrder) as EditableField[];

export const isEditableField = (name: string): name is EditableField => Object.hasOwn(inScreenOrder, name);
