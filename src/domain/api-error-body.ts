import type { Language } from './language';
import type { FieldErrors } from './validation';

export type ApiErrorCode =
  | 'invalid_json'
  | 'validation_failed'
  | 'empty_change'
  | 'unauthorized'
  | 'invalid_credentials'
  | 'forbidden'
  | 'password_change_required'
  | 'wrong_origin'
  | 'already_exists'
  | 'last_owner'
  | 'not_found'
  | 'registration_unavailable'
  | 'invitation_used'
  | 'invitation_expired'
  | 'unknown_customer'
  | 'sms_unavailable'
  | 'sms_opted_out'
  | 'endpoint_disabled'
  | 'delivery_not_failed'
  | 'case_closed'
  | 'code_unavailable'
  | 'text_pending'
  | 'idempotency_key_reused'
  | 'external_id_reused'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'rate_limited'
  | 'unavailable'
  | 'internal_error';

/** Every API error answers this body, with the HTTP status that fits. */
export interface ApiErrorBody {
  error: {
    code: ApiErrorCode;
    message: string;
    issues?: FieldErrors;
    /** Beside `issues` where a route has them: field → a stable code of its message (src/domain/field-issue-codes.ts). */
    codes?: Record<string, string>;
    /** A survey invitation's 410 (decision 053): its member's language, so the page says why in it. */
    language?: Language;
  };
}
