import {
  changePassword,
  disableTotp,
  editUser,
  enableTotp,
  getNotificationSettings,
  getProfile,
  registerPasskey,
  removePasskey,
  requestNotificationCode,
  requestSmsCode,
  secondFactorStatus,
  setNotificationSettings,
  setPersonalization,
  setSmsSettings,
  startPasskeyRegistration,
  startTotpSetup,
  toServerLanguage,
  uploadAvatar,
  type UserProfile,
} from '@solar/contract';
import { useEffect } from 'react';
import { useTheme } from '../../shared/theme/ThemeContext';
import { DEFAULT_THEME_COLOR } from '../../shared/theme/theme-settings';
import { useApiMutation, useApiQuery } from '../../shared/api/hooks';
import { currentLocale } from '../../shared/i18n/locale';
import { writeJson, writeText } from '../../shared/storage/storage';

export const PROFILE_QUERY_INPUT = { query: { lan: toServerLanguage(currentLocale()) } };

export function useProfile() {
  return useApiQuery(getProfile, PROFILE_QUERY_INPUT, { staleTime: 5 * 60_000 });
}

export function useEditUser() {
  return useApiMutation(editUser, { invalidates: [getProfile] });
}

export function useUploadAvatar() {
  return useApiMutation(uploadAvatar, { invalidates: [getProfile] });
}

/** The server signs out every other session and answers with this one's fresh tokens. */
export function useChangePassword() {
  return useApiMutation(changePassword);
}

/** The form applies the stored look itself; the profile keeps the company's defaults. */
export function useSetPersonalization() {
  return useApiMutation(setPersonalization);
}

export function useNotificationSettings() {
  return useApiQuery(getNotificationSettings);
}

export function useSetNotificationSettings() {
  return useApiMutation(setNotificationSettings, { invalidates: [getNotificationSettings] });
}

export function useRequestNotificationCode() {
  return useApiMutation(requestNotificationCode);
}

/** The profile carries the number, whether it is confirmed, and the opt-in. */
export function useSetSmsSettings() {
  return useApiMutation(setSmsSettings, { invalidates: [getProfile] });
}

export function useRequestSmsCode() {
  return useApiMutation(requestSmsCode);
}

function rememberProfile(profile: UserProfile): void {
  writeJson('userInfo', profile.userid);
  writeText('readOnly', String(profile.readOnly));
}

/** The shell's profile load: stores user info and applies the look, orange when it fails. */
export function useProfileEffects(): ReturnType<typeof useProfile> {
  const profile = useProfile();
  const { setTheme } = useTheme();
  const data = profile.data;
  const isError = profile.isError;
  useEffect(() => {
    if (data) {
      rememberProfile(data);
      setTheme({ themeColor: data.themeColor || DEFAULT_THEME_COLOR, styleType: data.styleType });
    } else if (isError) {
      setTheme({ themeColor: DEFAULT_THEME_COLOR });
    }
  }, [data, isError, setTheme]);
  return profile;
}

export function useSecondFactorStatus() {
  return useApiQuery(secondFactorStatus);
}

export function useStartTotpSetup() {
  return useApiMutation(startTotpSetup);
}

export function useEnableTotp() {
  return useApiMutation(enableTotp, { invalidates: [secondFactorStatus] });
}

export function useDisableTotp() {
  return useApiMutation(disableTotp, { invalidates: [secondFactorStatus] });
}

export function useStartPasskeyRegistration() {
  return useApiMutation(startPasskeyRegistration);
}

export function useRegisterPasskey() {
  // A passkey is a second factor: the profile's `mustEnrolSecondFactor` changes with it.
  return useApiMutation(registerPasskey, { invalidates: [secondFactorStatus, getProfile] });
}

export function useRemovePasskey() {
  return useApiMutation(removePasskey, { invalidates: [secondFactorStatus, getProfile] });
}
