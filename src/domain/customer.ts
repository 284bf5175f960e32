import * as v from 'valibot';
import { CONSENT_VERSION } from './consent';
import { LANGUAGES, type Language } from './language';
import { MANUAL_REGISTRATION_ID } from './manual-registration-id';
import { US_STATE_CODES } from './us-states';
import { VEHICLE_COLORS, acceptedVehicleYearRange } from './vehicle-options';
import { plainText, UNSUPPORTED_CHARACTERS, visibleText } from './validation';

/** docs/spec.md §5, word for word. Messages the spec does not give (lengths, formats) are ours. */
export const CUSTOMER_MESSAGES = {
  firstName: 'First Name is required',
  lastName: 'Last Name is required',
  address: 'Address is required',
  city: 'City is required',
  region: 'State is required',
  postalCode: 'Zip code is required',
  postalCodeFormat: 'Enter a 5-digit Zip code (or ZIP+4)',
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid Email',
  vehicleYear: 'Vehicle Year is required',
  vehicleYearRange: 'Choose a Vehicle Year from the list',
  vehicleMake: 'Vehicle Make is required',
  vehicleModel: 'Vehicle Model is required',
  vehicleColor: 'Vehicle Color is required',
  isAgreedToTerms: 'You must agree to the terms and conditions.',
  registrationId: 'Registration code is missing',
  mobileNumber: 'Enter a valid mobile number',
  licensePlate: 'License Plate is required',
  licensePlateFormat: 'Enter 2 to 8 letters and digits',
  licensePlateState: 'Plate State is required',
} as const;

const CUSTOMER_LIMITS = {
  name: 50,
  address: 100,
  city: 60,
  email: 254,
  vehicle: 60,
} as const;

function tooLong(label: string, max: number): string {
  return `${label} must be at most ${max} characters`;
}

function requiredText(label: string, required: string, max: number) {
  return v.pipe(
    v.string(required),
    v.trim(),
    v.nonEmpty(required),
    visibleText(required),
    v.maxLength(max, tooLong(label, max)),
    plainText(UNSUPPORTED_CHARACTERS),
  );
}

const optionalText = (label: string, max: number) =>
  v.optional(
    v.pipe(
      v.nullable(v.string()),
      v.transform((value) => (value ?? '').trim()),
      v.maxLength(max, tooLong(label, max)),
      plainText(UNSUPPORTED_CHARACTERS),
      // An optional field has no "… is required" to give.
      visibleText(UNSUPPORTED_CHARACTERS),
    ),
    '',
  );

const vehicleYear = v.pipe(
  v.unknown(),
  // A native select hands over strings; the record keeps a number.
  v.transform((value) => (typeof value === 'string' && /^\d{4}$/.test(value) ? Number(value) : value)),
  v.number(CUSTOMER_MESSAGES.vehicleYear),
  v.integer(CUSTOMER_MESSAGES.vehicleYear),
  v.check((year) => {
    const { min, max } = acceptedVehicleYearRange();
    return year >= min && year <= max;
  }, CUSTOMER_MESSAGES.vehicleYearRange),
);

const flag = v.optional(v.boolean(), false);

/**
 * A plate as the DMV writes it: only ASCII letters are upper-cased, so a letter like 'ß' or 'ı' is refused
 * rather than turned into a plausible 'SS' or 'I' that is not what is on the car.
 */
export function normalizeLicensePlate(text: string): string {
  return text.replace(/[\s-]/g, '').replace(/[a-z]/g, (letter) => letter.toUpperCase());
}

const LICENSE_PLATE = /^[A-Z0-9]{2,8}$/;
const isUsState = (code: string) => (US_STATE_CODES as readonly string[]).includes(code);

/** Both the same schema whether the operator requires plates or not, so the two variants share one type. */
const licensePlate = (required: boolean) =>
  v.optional(
    v.pipe(
      v.nullable(v.string(CUSTOMER_MESSAGES.licensePlateFormat)),
      v.transform((value) => normalizeLicensePlate(value ?? '')),
      v.check((plate) => !required || plate !== '', CUSTOMER_MESSAGES.licensePlate),
      v.check((plate) => plate === '' || LICENSE_PLATE.test(plate), CUSTOMER_MESSAGES.licensePlateFormat),
    ),
    '',
  );

const licensePlateState = (required: boolean) =>
  v.optional(
    v.pipe(
      v.nullable(v.string(CUSTOMER_MESSAGES.licensePlateState)),
      v.transform((value) => value ?? ''),
      v.check((state) => (state === '' ? !required : isUsState(state)), CUSTOMER_MESSAGES.licensePlateState),
    ),
    '',
  );

/** What the operator decides about the form (REQUIRE_LICENSE_PLATE); the form and the server read the same. */
export interface CustomerRules {
  requireLicensePlate: boolean;
}

/**
 * The shape of an E.164 number. The form gets it from the phone input, which has already checked the number
 * against its country's rules; the server checks those rules again with libphonenumber (which the form's
 * bundle need not carry).
 */
const E164 = /^\+[1-9]\d{1,14}$/;

/** The customer form record of docs/spec.md §3, as the form submits it and the server re-validates it. */
const buildCustomerSchema = ({ requireLicensePlate }: CustomerRules) =>
  // The pipe's checks across fields run even while other fields are invalid (as the server runs them), so the
  // form shows "Plate State is required" with the rest rather than only once everything else is fixed.
  v.config(
    v.pipe(
      v.object({
        id: v.optional(v.string(), ''),
        registrationId: v.pipe(
          v.string(CUSTOMER_MESSAGES.registrationId),
          v.trim(),
          v.nonEmpty(CUSTOMER_MESSAGES.registrationId),
          v.maxLength(64, CUSTOMER_MESSAGES.registrationId),
          plainText(CUSTOMER_MESSAGES.registrationId),
        ),
        firstName: requiredText('First Name', CUSTOMER_MESSAGES.firstName, CUSTOMER_LIMITS.name),
        lastName: requiredText('Last Name', CUSTOMER_MESSAGES.lastName, CUSTOMER_LIMITS.name),
        address: requiredText('Address', CUSTOMER_MESSAGES.address, CUSTOMER_LIMITS.address),
        address2: optionalText('Address 2', CUSTOMER_LIMITS.address),
        city: requiredText('City', CUSTOMER_MESSAGES.city, CUSTOMER_LIMITS.city),
        region: v.picklist(US_STATE_CODES, CUSTOMER_MESSAGES.region),
        postalCode: v.pipe(
          v.string(CUSTOMER_MESSAGES.postalCode),
          v.trim(),
          v.nonEmpty(CUSTOMER_MESSAGES.postalCode),
          v.regex(/^\d{5}(?:-\d{4})?$/, CUSTOMER_MESSAGES.postalCodeFormat),
        ),
        email: v.pipe(
          v.string(CUSTOMER_MESSAGES.emailRequired),
          v.trim(),
          v.nonEmpty(CUSTOMER_MESSAGES.emailRequired),
          v.maxLength(CUSTOMER_LIMITS.email, tooLong('Email', CUSTOMER_LIMITS.email)),
          v.email(CUSTOMER_MESSAGES.emailInvalid),
        ),
        vehicleYear,
        vehicleMake: requiredText('Vehicle Make', CUSTOMER_MESSAGES.vehicleMake, CUSTOMER_LIMITS.vehicle),
        vehicleModel: requiredText('Vehicle Model', CUSTOMER_MESSAGES.vehicleModel, CUSTOMER_LIMITS.vehicle),
        vehicleColor: v.picklist(VEHICLE_COLORS, CUSTOMER_MESSAGES.vehicleColor),
        licensePlate: licensePlate(requireLicensePlate),
        licensePlateState: licensePlateState(requireLicensePlate),
        isSubscribedToNewsletters: flag,
        isSubscribedToSmsMessaging: flag,
        isAgreedToTerms: v.literal(true, CUSTOMER_MESSAGES.isAgreedToTerms),
        /** Only for a manual sign-up (registrationId '-1'): the number typed in the phone dialog, in E.164. */
        mobileNumber: v.optional(v.pipe(v.string(CUSTOMER_MESSAGES.mobileNumber), v.trim(), v.maxLength(32))),
        /** The version of the consent wording the customer was shown. */
        consentVersion: v.optional(
          v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(32), plainText(UNSUPPORTED_CHARACTERS)),
          CONSENT_VERSION,
        ),
        /** The language the form and its consent wording were shown in. */
        language: v.optional(v.picklist(LANGUAGES), 'en'),
      }),
      v.forward(
        v.partialCheck(
          [['registrationId'], ['mobileNumber']],
          (input) =>
            input.registrationId !== MANUAL_REGISTRATION_ID ||
            (input.mobileNumber !== undefined && E164.test(input.mobileNumber)),
          CUSTOMER_MESSAGES.mobileNumber,
        ),
        ['mobileNumber'],
      ),
      v.forward(
        v.partialCheck(
          [['licensePlate'], ['licensePlateState']],
          (input) => input.licensePlate === '' || input.licensePlateState !== '',
          CUSTOMER_MESSAGES.licensePlateState,
        ),
        ['licensePlateState'],
      ),
    ),
    { abortPipeEarly: false },
  );

/** Plates optional: what tests, tools and callers that know no operator setting validate with. */
export const customerSchema = buildCustomerSchema({ requireLicensePlate: false });
const customerSchemaRequiringPlate = buildCustomerSchema({ requireLicensePlate: true });

/** The schema for the operator's rules; built once each, as the form validates on every change. */
export const customerSchemaFor = (rules: CustomerRules) =>
  rules.requireLicensePlate ? customerSchemaRequiringPlate : customerSchema;

export type CustomerInput = v.InferInput<typeof customerSchema>;
export type CustomerSubmission = v.InferOutput<typeof customerSchema>;

/** What a member fills in, in the form's order; a returning member's next form is pre-filled with it. */
export const SAVED_PROFILE_FIELDS = [
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
  'licensePlate',
  'licensePlateState',
  'isSubscribedToNewsletters',
  'isSubscribedToSmsMessaging',
] as const;

/**
 * The customer as the API stores and returns it. The number, the consent times and the wording's version are
 * kept but never answered: they are evidence, not something the form shows.
 */
export const CUSTOMER_FIELDS = ['id', 'registrationId', ...SAVED_PROFILE_FIELDS, 'isAgreedToTerms'] as const;

/** The record reads back as its columns hold it: a picked state or colour is text, the agreed `true` a boolean. */
type Stored<T> = T extends string ? string : T extends boolean ? boolean : T;

export type Customer = { [Field in (typeof CUSTOMER_FIELDS)[number]]: Stored<CustomerSubmission[Field]> };

export type SavedProfile = Pick<Customer, (typeof SAVED_PROFILE_FIELDS)[number]>;

/** docs/spec.md §3: text fields start empty, the four vehicle fields null, the flags false. */
export interface CustomerForm extends Omit<Customer, 'vehicleYear' | 'vehicleMake' | 'vehicleModel' | 'vehicleColor'> {
  vehicleYear: number | null;
  vehicleMake: string | null;
  vehicleModel: string | null;
  vehicleColor: string | null;
}

/**
 * The body POST /customers is sent (docs/spec.md §7): the form, the number typed in the phone dialog for a sign-up
 * without a code, and the version and language of the consent wording on screen. `customerSchema` turns it into a
 * `CustomerSubmission`.
 */
export type CustomerRequest = CustomerForm & {
  mobileNumber?: string;
  consentVersion: string;
  /** The language the form was shown in; 'en' when left out. */
  language?: Language;
};

export function emptyCustomerForm(registrationId = ''): CustomerForm {
  return {
    id: '',
    registrationId,
    firstName: '',
    lastName: '',
    address: '',
    address2: '',
    city: '',
    region: '',
    postalCode: '',
    email: '',
    vehicleYear: null,
    vehicleMake: null,
    vehicleModel: null,
    vehicleColor: null,
    licensePlate: '',
    licensePlateState: '',
    isSubscribedToNewsletters: false,
    isSubscribedToSmsMessaging: false,
    isAgreedToTerms: false,
  };
}
