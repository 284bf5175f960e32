import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiErrorBody, ApiErrorCode } from '../../../src/domain/api-error-body';
import type { Language } from '../../../src/domain/language';
import type { FieldErrors } from '../../../src/domain/validation';

/** An expected refusal: the handler throws it, the app answers it as JSON and rolls back any open transaction. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ApiErrorCode,
    message: string,
    readonly issues?: FieldErrors,
    readonly codes?: Record<string, string>,
    readonly language?: Language,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  toBody(): ApiErrorBody {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.issues ? { issues: this.issues } : {}),
        ...(this.codes ? { codes: this.codes } : {}),
        ...(this.language ? { language: this.language } : {}),
      },
    };
  }
}

export const validationFailed = (issues: FieldErrors, codes?: Record<string, string>) =>
  new ApiError(400, 'validation_failed', 'Some fields are missing or invalid.', issues, codes);
