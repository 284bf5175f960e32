import type { ApiErrorBody } from '../../domain/api-error';
import type { FieldErrors } from '../../domain/validation';
import { consoleApi } from '../client';

/**
 * Changes the signed-in staff member's password (their other sessions end). Null when it is changed; else the field
 * messages, a refusal without any (a wrong current password) said on the current password.
 */
export async function changePassword(json: {
  currentPassword: string;
  newPassword: string;
}): Promise<FieldErrors | null> {
  const response = await consoleApi.post('auth/change-password', { json });
  if (response.ok) return null;
  const error = (await response.json<Partial<ApiErrorBody>>()).error;
  return error?.issues ?? { currentPassword: error?.message ?? 'The password could not be changed' };
}
