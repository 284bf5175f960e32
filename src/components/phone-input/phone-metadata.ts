import type { MetadataJson } from 'libphonenumber-js/core';
import minMetadata from 'libphonenumber-js/min/metadata';
import type { validatePhoneNumber } from './phone-validation';

/** The validation of phone-validation.ts, available once the full metadata has loaded. */
export type ValidatePhoneNumber = typeof validatePhoneNumber;

/**
 * libphonenumber-js's metadata in two steps. The `min` metadata (countries, calling codes, formats: what formatting as
 * you type needs) comes with the phone input; the `max` metadata (each country's number-type patterns: what validity
 * and type need, docs/spec.md §5) is about 39 kB gzip more and loads when the customer starts typing. Until then no
 * result is reported, so the dialog's OK stays disabled, as it does for any number not yet known to be valid.
 */
let metadata: MetadataJson = minMetadata;
let validate: ValidatePhoneNumber | undefined;
let loading: Promise<ValidatePhoneNumber> | undefined;

/** The fullest metadata loaded so far: formatting and country detection read it on every keystroke. */
export function phoneMetadata(): MetadataJson {
  return metadata;
}

/** The validation, if the full metadata has loaded. */
export function loadedPhoneValidation(): ValidatePhoneNumber | undefined {
  return validate;
}

/** Loads the full metadata and the validation once; a failed load is tried again on the next call. */
export function loadPhoneValidation(): Promise<ValidatePhoneNumber> {
  loading ??= import('./phone-validation').then(
    (module) => {
      metadata = module.FULL_METADATA;
      validate = module.validatePhoneNumber;
      return module.validatePhoneNumber;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
