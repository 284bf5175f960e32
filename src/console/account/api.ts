import { queryOptions } from '@tanstack/react-query';
import type { AccountSettings } from '../../domain/account-settings';
import { ADMIN_KEY, getJson, sendJson } from '../client';

/**
 * Changes the signed-in staff member's password (their other sessions end); a refusal throws its field messages (a
 * wrong current password is the current password's).
 */
export const changePassword = (json: { currentPassword: string; newPassword: string }) =>
  sendJson('post', 'auth/change-password', json);

export const accountSettingsKey = [...ADMIN_KEY, 'account', 'settings'] as const;

/** The signed-in staff member's language and time zone (decision 046). */
export const accountSettingsQuery = queryOptions({
  queryKey: accountSettingsKey,
  queryFn: () => getJson<AccountSettings>('admin/account/settings'),
});

/** Saves them; a refusal throws its message. */
export const saveAccountSettings = async (json: { language: string; timeZone: string }) =>
  (await sendJson<AccountSettings>('patch', 'admin/account/settings', json))!;
