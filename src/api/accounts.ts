import type { LoginBody, Profile, ProfileUpdateBody, PublicProfile, SessionAnswer, SignupBody } from '../protocol/accounts.ts';
import { OWNER_SETTINGS_DEFAULTS, type OwnerSettings, type OwnerSettingsUpdate } from '../protocol/ownerSettings.ts';
import { HttpError, request } from './httpClient.ts';

/** The users-and-auth calls of spec section 7, at their exact paths. */

export const signupCall = (body: SignupBody) => request<SessionAnswer>('/v2/users/signup', { method: 'POST', body });

export const emailExists = async (email: string): Promise<boolean> =>
  (await request<{ exists: boolean }>(`/v2/users/exist?email=${encodeURIComponent(email)}`)).exists;

/** The viewer always sends allowVisitor: true (section 6). */
export const loginCall = (body: Omit<LoginBody, 'allowVisitor'>, allowVisitor = true) =>
  request<SessionAnswer>('/v1/users/login', { method: 'POST', body: { ...body, allowVisitor } });

export const loginByTokenCall = (token: string) => request<SessionAnswer>(`/v1/users/login/${encodeURIComponent(token)}`, { method: 'POST' });

export const logoutCall = () => request<{ ok: true }>('/v1/users/logout', { method: 'POST' });

export const ownProfile = () => request<Profile>('/v2/users/profile');

export const updateProfile = (id: string, body: ProfileUpdateBody) =>
  request<Profile>(`/v2/users/profile/${encodeURIComponent(id)}`, { method: 'PUT', body });

/** Section 7: the failure is read from the `error` field. Resolves to null on success, else the message to show. */
export async function changePassword(oldPassword: string, newPassword: string): Promise<string | null> {
  try {
    await request('/v1/users/password/change', { method: 'POST', body: { oldPassword, newPassword } });
    return null;
  } catch (error) {
    if (error instanceof HttpError) {
      const body = error.body as { error?: string; message?: string } | null;
      return body?.error ?? body?.message ?? error.message;
    }
    return error instanceof Error ? error.message : String(error);
  }
}

export const EMPTY_PUBLIC_PROFILE: PublicProfile = {
  objectId: '',
  name: null,
  profileUrl: null,
  headquarter: null,
  customSetting: OWNER_SETTINGS_DEFAULTS,
  expiredAt: null,
};

/** Section 7: "on error an empty profile is used". */
export async function publicProfile(id: string): Promise<PublicProfile> {
  try {
    return await request<PublicProfile>(`/v2/users/${encodeURIComponent(id)}/publicProfile`);
  } catch {
    return EMPTY_PUBLIC_PROFILE;
  }
}

/** The owner's switches as the public profile shows them; unlike publicProfile, a failure is thrown (the studio says so). */
export const ownerSettingsOf = async (id: string): Promise<OwnerSettings> =>
  (await request<PublicProfile>(`/v2/users/${encodeURIComponent(id)}/publicProfile`)).customSetting;

/** The signed-in owner's own switches (spec section 6); answers all four as saved. */
export const updateOwnerSettings = (id: string, body: OwnerSettingsUpdate) =>
  request<OwnerSettings>(`/v2/users/${encodeURIComponent(id)}/customSetting`, { method: 'PUT', body });
