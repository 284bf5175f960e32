import { sendJson } from '../client';

/**
 * Changes the signed-in staff member's password (their other sessions end); a refusal throws its field messages (a
 * wrong current password is the current password's).
 */
export const changePassword = (json: { currentPassword: string; newPassword: string }) =>
  sendJson('post', 'auth/change-password', json);
