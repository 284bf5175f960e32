import * as v from 'valibot';
import { SITE_ID_PATTERN } from './list-filters';
import { plainText, UNSUPPORTED_CHARACTERS } from './validation';

/** `owner`: everything, every site. `manager`: reads and issues codes for the sites assigned to them only. */
export const STAFF_ROLES = ['owner', 'manager'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Long enough that a guessed password is not worth the throttle's hour; no composition rules (NIST 800-63B). */
export const PASSWORD_LENGTH = { min: 12, max: 128 } as const;

export const STAFF_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Enter a valid email address',
  passwordRequired: 'Password is required',
  passwordLength: `Use ${PASSWORD_LENGTH.min} to ${PASSWORD_LENGTH.max} characters`,
  role: 'Choose owner or manager',
  sites: 'List the site ids this manager may see',
  managerSites: 'A manager needs at least one site',
  nameLength: 'Use at most 80 characters for the name',
  wrongCredentials: 'Email or password is incorrect.',
} as const;

const email = v.pipe(
  v.string(STAFF_MESSAGES.emailRequired),
  v.trim(),
  v.nonEmpty(STAFF_MESSAGES.emailRequired),
  v.maxLength(254, STAFF_MESSAGES.emailInvalid),
  v.email(STAFF_MESSAGES.emailInvalid),
  v.toLowerCase(),
);

const newPassword = v.pipe(
  v.string(STAFF_MESSAGES.passwordRequired),
  v.minLength(PASSWORD_LENGTH.min, STAFF_MESSAGES.passwordLength),
  v.maxLength(PASSWORD_LENGTH.max, STAFF_MESSAGES.passwordLength),
);

/** The sign-in form. Any non-empty password is tried: the length rule is for new passwords only. */
export const signInSchema = v.object({
  email,
  password: v.pipe(
    v.string(STAFF_MESSAGES.passwordRequired),
    v.nonEmpty(STAFF_MESSAGES.passwordRequired),
    v.maxLength(PASSWORD_LENGTH.max, STAFF_MESSAGES.passwordLength),
  ),
});
export type SignIn = v.InferOutput<typeof signInSchema>;

const siteId = v.pipe(v.string(STAFF_MESSAGES.sites), v.trim(), v.regex(SITE_ID_PATTERN, STAFF_MESSAGES.sites));

/** How a staff member is named in the console; empty until someone gives one (the email stands in). */
const staffNameSchema = v.pipe(
  v.string(),
  v.trim(),
  v.maxLength(80, STAFF_MESSAGES.nameLength),
  plainText(UNSUPPORTED_CHARACTERS),
);

/** A new staff member; without a password, one is generated and shown once. */
export const newStaffSchema = v.pipe(
  v.object({
    email,
    name: v.optional(staffNameSchema, ''),
    role: v.picklist(STAFF_ROLES, STAFF_MESSAGES.role),
    sites: v.optional(v.pipe(v.array(siteId, STAFF_MESSAGES.sites), v.maxLength(100, STAFF_MESSAGES.sites)), []),
    password: v.optional(newPassword),
  }),
  // An owner sees every site, so an owner's list is empty; a manager's names at least one.
  v.forward(
    v.partialCheck(
      [['role'], ['sites']],
      (input) => input.role === 'owner' || input.sites.length > 0,
      STAFF_MESSAGES.managerSites,
    ),
    ['sites'],
  ),
);
export type NewStaff = v.InferOutput<typeof newStaffSchema>;

/** An owner's change to a staff member: any of name, role, sites and access. */
export const staffUpdateSchema = v.object({
  name: v.optional(staffNameSchema),
  role: v.optional(v.picklist(STAFF_ROLES, STAFF_MESSAGES.role)),
  sites: v.optional(v.pipe(v.array(siteId, STAFF_MESSAGES.sites), v.maxLength(100, STAFF_MESSAGES.sites))),
  disabled: v.optional(v.boolean()),
});
export type StaffUpdate = v.InferOutput<typeof staffUpdateSchema>;

export const changePasswordSchema = v.object({
  currentPassword: v.pipe(v.string(STAFF_MESSAGES.passwordRequired), v.nonEmpty(STAFF_MESSAGES.passwordRequired)),
  newPassword,
});

/** A staff member as the console API answers it: never a password or a hash. */
export const staffMemberSchema = v.object({
  id: v.string(),
  email: v.string(),
  name: v.string(),
  role: v.picklist(STAFF_ROLES),
  /** Site ids a manager may see; empty for an owner, who sees all. */
  sites: v.array(v.string()),
  disabled: v.boolean(),
  /** Signed in with a one-time password: every console route but changing it answers 403 password_change_required. */
  passwordChangeRequired: v.boolean(),
  createdAt: v.string(),
});
export type StaffMember = v.InferOutput<typeof staffMemberSchema>;

/** A staff member as the console names them: their name, their email while they have none. */
export const staffName = (member: { name: string; email: string }) => member.name || member.email;

export const staffListSchema = v.object({ results: v.array(staffMemberSchema) });

/** An owner's reset of a staff member's password: the new one-time password. */
export const resetPasswordSchema = v.object({
  password: v.pipe(v.string(), v.description('Shown this once; to be changed at the next sign-in.')),
});

export const addedStaffSchema = v.object({
  staff: staffMemberSchema,
  password: v.optional(v.pipe(v.string(), v.description('Only when one was generated: shown this once.'))),
});
