import * as v from 'valibot';
import { customerRulesSchema } from './customer';

/**
 * What the server hands the SPA at run time (embedded in index.html), so one build serves any deployment.
 * Nothing here is secret: the API key identifies the client, the registration code is the secret.
 */
export const runtimeConfigSchema = v.object({
  apiKey: v.string(),
  operatorName: v.string(),
  logoUrl: v.string(),
  /** The seven external links of docs/spec.md §1. */
  links: v.object({
    terms: v.string(),
    privacy: v.string(),
    support: v.string(),
    locations: v.string(),
    manageMembership: v.string(),
    faqs: v.string(),
    operatorHome: v.string(),
  }),
  /** docs/spec.md §1: the welcome texts are the operator's; one paragraph for new customers, several for returning ones. */
  welcome: v.object({
    heading: v.string(),
    newCustomer: v.string(),
    returningCustomer: v.array(v.string()),
  }),
  /** The same in Spanish, resolved by the server (server/features/pages/welcome-texts.ts): the page only picks by language. */
  welcomeSpanish: v.object({
    heading: v.string(),
    newCustomer: v.string(),
    returningCustomer: v.array(v.string()),
  }),
  /** The operator's rules for the customer form (REQUIRE_LICENSE_PLATE, …): the form checks what the server will. */
  ...customerRulesSchema.entries,
  analyticsId: v.string(),
  defaultPhoneCountry: v.string(),
});

export type RuntimeConfig = v.InferOutput<typeof runtimeConfigSchema>;

/** Its fields: the server picks them from its parsed environment, where they have the same names. */
export const RUNTIME_CONFIG_FIELDS = Object.keys(runtimeConfigSchema.entries) as (keyof RuntimeConfig)[];

/** The id of the JSON `<script>` element that carries the runtime configuration. */
export const RUNTIME_CONFIG_ELEMENT_ID = 'runtime-config';
