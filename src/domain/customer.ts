import * as v from 'valibot';
import { CONSENT_VERSION } from './consent';
import { LANGUAGES, type Language } from './language';
import { MANUAL_REGISTRATION_ID } from './registration-defaults';
import { isTimeZone } from './time-zone';
import { US_STATE_CODES } from './us-states';
import { VEHICLE_COLORS, acceptedVehicleYearRange } from './vehicle-options';
import { plainText, UNSUPPORTED_CHARACTERS, visibleText } from './validation';

/*
 * The customer form's English, each text written once, here. The schema names a text by its code; the server answers
 * the English (a 400's `issues`), and the page shows it in the customer's language: the `i18n` comment before each text
 * takes it into the Lingui catalogue as it is written (src/i18n/locales), where Spanish translates it.
 */

/** The profile's field labels, as the form shows them and the messages that name a field say them. */
export const CUSTOMER_LABELS = {
  firstName: /*i18n*/ 'First Name',
  lastName: /*i18n*/ 'Last Name',
  address: /*i18n*/ 'Address',
  address2: /*i18n*/ 'Address 2',
  city: /*i18n*/ 'City',
  region: /*i18n*/ 'State',
  postalCode: /*i18n*/ 'Zip Code',
  email: /*i18n*/ 'Email',
  vehicleYear: /*i18n*/ 'Vehicle Year',
  vehicleMake: /*i18n*/ 'Vehicle Make',
  vehicleModel: /*i18n*/ 'Vehicle Model',
  vehicleColor: /*i18n*/ 'Vehicle Color',
  licensePlate: /*i18n*/ 'License Plate',
  licensePlateState: /*i18n*/ 'Plate State',
} as const;

/** docs/spec.md §5, word for word, by code. Messages the spec does not give (lengths, formats) are ours. */
export const CUSTOMER_MESSAGES = {
  firstName: /*i18n*/ 'First Name is required',
  lastName: /*i18n*/ 'Last Name is required',
  address: /*i18n*/ 'Address is required',
  city: /*i18n*/ 'City is required',
  region: /*i18n*/ 'State is required',
  postalCode: /*i18n*/ 'Zip code is required',
  postalCodeFormat: /*i18n*/ 'Enter a 5-digit Zip code (or ZIP+4)',
  emailRequired: /*i18n*/ 'Email is required',
  emailInvalid: /*i18n*/ 'Invalid Email',
  vehicleYear: /*i18n*/ 'Vehicle Year is required',
  vehicleYearRange: /*i18n*/ 'Choose a Vehicle Year from the list',
  vehicleMake: /*i18n*/ 'Vehicle Make is required',
  vehicleModel: /*i18n*/ 'Vehicle Model is required',
  vehicleColor: /*i18n*/ 'Vehicle Color is required',
  isAgreedToTerms: /*i18n*/ 'You must agree to the terms and conditions.',
  registrationId: /*i18n*/ 'Registration code is missing',
  mobileNumber: /*i18n*/ 'Enter a valid mobile number',
  licensePlate: /*i18n*/ 'License Plate is required',
  licensePlateFormat: /*i18n*/ 'Enter 2 to 8 letters and digits',
  licensePlateState: /*i18n*/ 'Plate State is required',
} as const;

/** The message of a text longer than its field takes; `{label}` and `{max}` are the field's. */
export const TOO_LONG_MESSAGE = /*i18n*/ '{label} must be at most {max} characters';

/** The most characters each text field takes. */
export const CUSTOMER_LIMITS = {
  firstName: 50,
  lastName: 50,
  address: 100,
  address2: 100,
  city: 60,
  email: 254,
  vehicleMake: 60,
  vehicleModel: 60,
} as const;

export type LimitedField = keyof typeof CUSTOMER_LIMITS;

/** "First Name must be at most 50 characters": the field's label and limit in the English template. */
export const tooLongMessage = (field: LimitedField) =>
  TOO_LONG_MESSAGE.replace('{label}', CUSTOMER_LABELS[field]).replace('{max}', String(CUSTOMER_LIMITS[field]));

/** A text the customer must give: its "… is required" is the message of the field's code. */
function requiredText(field: LimitedField & keyof typeof CUSTOMER_MESSAGES) {
  const required = CUSTOMER_MESSAGES[field];
  return v.pipe(
    v.string(required),
    v.trim(),
    v.nonEmpty(required),
    visibleText(required),
    v.maxLength(CUSTOMER_LIMITS[field], tooLongMessage(field)),
    plainText(UNSUPPORTED_CHARACTERS),
  );
}

const optionalText = (field: LimitedField) =>
  v.optional(
    v.pipe(
      v.nullable(v.string()),
      v.transform((value) => (value ?? '').trim()),
      v.maxLength(CUSTOMER_LIMITS[field], tooLongMessage(field)),
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

/**
 * What the operator decides about the form. The server reads them from its environment (REQUIRE_LICENSE_PLATE) and
 * hands them to the page in the runtime configuration; the form and the server validate with the same schema.
 */
export const customerRulesSchema = v.object({ requireLicensePlate: v.optional(v.boolean(), false) });
export type CustomerRules = v.InferOutput<typeof customerRulesSchema>;

/** The rules out of anything that carries them (the runtime configuration, a flow's input); unset ones default. */
export const customerRulesOf = (source: v.InferInput<typeof customerRulesSchema>): CustomerRules =>
  v.parse(customerRulesSchema, source);

/**
 * The shape of an E.164 number. The form gets it from the phone input, which has already checked the number
 * against its country's rules; the server checks those rules again with libphonenumber (which the form's
 * bundle need not carry).
 */
const E164 = /^\+[1-9]\d{1,14}$/;

/**
 * Evidence the browser reports rather than the customer types: one that is malformed (an unknown zone, say) is kept
 * as not reported, never a reason to refuse a profile.
 */
const reported = (rule: v.PipeItem<string, string, v.BaseIssue<unknown>>) =>
  v.optional(v.fallback(v.optional(v.pipe(v.string(), v.maxLength(200), rule)), undefined));

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
        firstName: requiredText('firstName'),
        lastName: requiredText('lastName'),
        address: requiredText('address'),
        address2: optionalText('address2'),
        city: requiredText('city'),
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
          v.maxLength(CUSTOMER_LIMITS.email, tooLongMessage('email')),
          v.email(CUSTOMER_MESSAGES.emailInvalid),
        ),
        vehicleYear,
        vehicleMake: requiredText('vehicleMake'),
        vehicleModel: requiredText('vehicleModel'),
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
        /** Consent evidence the device reports (decision 032): its time zone, and the path of the page the form was on. */
        timeZone: reported(v.check(isTimeZone)),
        page: reported(v.regex(/^\/[^\s?#]*$/)),
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
// Built when first asked for, not as the page's script starts: a deployment uses one of the two, and building a
// schema is work in the page's first long task (decision 035).
let customerSchemaRequiringPlate: typeof customerSchema | undefined;

/** The schema for the operator's rules; built once each, as the form validates on every change. */
export const customerSchemaFor = (rules: CustomerRules) =>
  rules.requireLicensePlate
    ? (customerSchemaRequiringPlate ??= buildCustomerSchema({ requireLicensePlate: true }))
    : customerSchema;

export type CustomerInput = v.InferInput<typeof customerSchema>;
export type CustomerSubmission = v.InferOutput<typeof customerSchema>;

/** What a member fills in, in the form's order, as the API answers it; a returning member's next form is pre-filled with it. */
export const savedProfileSchema = v.object({
  firstName: v.string(),
  lastName: v.string(),
  address: v.string(),
  address2: v.string(),
  city: v.string(),
  region: v.string(),
  postalCode: v.string(),
  email: v.string(),
  vehicleYear: v.number(),
  vehicleMake: v.string(),
  vehicleModel: v.string(),
  vehicleColor: v.string(),
  licensePlate: v.pipe(v.string(), v.description("Upper case, no spaces or dashes; '' when not given.")),
  licensePlateState: v.pipe(v.string(), v.description("The plate's US state code; '' when no plate was given.")),
  isSubscribedToNewsletters: v.boolean(),
  isSubscribedToSmsMessaging: v.boolean(),
});
export type SavedProfile = v.InferOutput<typeof savedProfileSchema>;

/**
 * The customer as the API stores and returns it. The number, the consent times and the wording's version are
 * kept but never answered: they are evidence, not something the form shows.
 */
export const customerAnswerSchema = v.object({
  id: v.string(),
  registrationId: v.string(),
  ...savedProfileSchema.entries,
  isAgreedToTerms: v.boolean(),
});
export type Customer = v.InferOutput<typeof customerAnswerSchema>;

const fieldsOf = <TEntries extends v.ObjectEntries>(schema: v.ObjectSchema<TEntries, undefined>) =>
  Object.keys(schema.entries) as (keyof TEntries & string)[];

/** The saved profile's fields, in the form's order. */
export const SAVED_PROFILE_FIELDS = fieldsOf(savedProfileSchema);

/** The customer answer's fields. */
export const CUSTOMER_FIELDS = fieldsOf(customerAnswerSchema);

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
  /** The device's IANA time zone, and the path of the page (no query string), as consent evidence. */
  timeZone?: string;
  page?: string;
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
