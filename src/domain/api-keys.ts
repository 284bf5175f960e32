import * as v from 'valibot';
import { SITE_ID_PATTERN } from './list-filters';
import { plainText, UNSUPPORTED_CHARACTERS } from './validation';

/**
 * What an API key may do on `/api/admin`. A point-of-sale issues codes, follows the ones it issued and records visits (`visits:write`, decision 052); an
 * integration that reads feedback reads surveys. Nothing else (staff, members, exports, webhooks, keys) is open to
 * a key: those need an owner's session, or the command line on the server's own machine.
 */
export const API_KEY_SCOPES = ['registrations:issue', 'registrations:read', 'surveys:read', 'visits:write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** What each scope allows, in the console's words. */
export const API_KEY_SCOPE_TEXT: Record<ApiKeyScope, string> = {
  'registrations:issue': 'Issue registration codes (and text them)',
  'registrations:read': 'Follow the registrations this key issued',
  'surveys:read': "Read a customer's surveys",
  'visits:write': 'Record visits from the point-of-sale',
};

/** ADMIN_API_KEY's scopes: it is a point-of-sale key, as every till's own key is by default. */
export const POINT_OF_SALE_SCOPES = [
  'registrations:issue',
  'registrations:read',
  'visits:write',
] as const satisfies ApiKeyScope[];

/** The id ADMIN_API_KEY acts under in the audit log and on the registrations it issues. */
export const ENVIRONMENT_KEY_ID = 'environment';

export const API_KEY_MESSAGES = {
  name: 'Name the key after the till or system that will use it',
  scopes: 'Choose at least one permission',
  sites: 'List site ids (letters, digits, - and _), or none for every site',
} as const;

const siteId = v.pipe(v.string(API_KEY_MESSAGES.sites), v.trim(), v.regex(SITE_ID_PATTERN, API_KEY_MESSAGES.sites));

/** An owner's new key: its name, what it may do, and the sites it may issue for (none: every site). */
export const newApiKeySchema = v.object({
  name: v.pipe(
    v.string(API_KEY_MESSAGES.name),
    v.trim(),
    v.nonEmpty(API_KEY_MESSAGES.name),
    v.maxLength(80, API_KEY_MESSAGES.name),
    plainText(UNSUPPORTED_CHARACTERS),
  ),
  scopes: v.pipe(
    v.array(v.picklist(API_KEY_SCOPES, API_KEY_MESSAGES.scopes), API_KEY_MESSAGES.scopes),
    v.nonEmpty(API_KEY_MESSAGES.scopes),
    v.transform((scopes) => API_KEY_SCOPES.filter((scope) => scopes.includes(scope))),
  ),
  sites: v.optional(
    v.pipe(
      v.array(siteId, API_KEY_MESSAGES.sites),
      v.maxLength(100, API_KEY_MESSAGES.sites),
      v.transform((sites) => [...new Set(sites)]),
    ),
    [],
  ),
});
export type NewApiKey = v.InferOutput<typeof newApiKeySchema>;

/** A key as the console lists it: never the secret, only its first characters to recognise it by. */
export const apiKeySchema = v.object({
  id: v.string(),
  name: v.string(),
  /** The key's first characters (`cpk_` and 6 more), as the till's settings show it. */
  prefix: v.string(),
  scopes: v.array(v.picklist(API_KEY_SCOPES)),
  /** The sites it may issue codes for; empty: every site. */
  sites: v.array(v.string()),
  createdAt: v.string(),
  lastUsedAt: v.nullable(v.string()),
  revokedAt: v.nullable(v.string()),
});
export type ApiKey = v.InferOutput<typeof apiKeySchema>;

export const apiKeyListSchema = v.object({ results: v.array(apiKeySchema) });

/** The answer to creating a key: the only time the key itself is shown. */
export const createdApiKeySchema = v.object({ ...apiKeySchema.entries, key: v.string() });
export type CreatedApiKey = v.InferOutput<typeof createdApiKeySchema>;
