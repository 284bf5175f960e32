import type { EditableField } from '../../../machines/profile/profile.types';

/** The fields in screen order: a failed submit focuses the first invalid one. */
export const FIELD_ORDER: readonly EditableField[] = [
  'firstName',
  'lastName',
  'address',
  'address2',
  'city',
  'region',
  'postalCode',
  'email',
  'vehicleYear',
  'vehicleMake',
  'vehicleModel',
  'vehicleColor',
  'isSubscribedToNewsletters',
  'isSubscribedToSmsMessaging',
  'isAgreedToTerms',
];

export const isFormField = (name: string): name is EditableField => (FIELD_ORDER as readonly string[]).includes(name);
