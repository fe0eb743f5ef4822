import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '../../api/client';
import { queryKeys } from '../../api/queryKeys';
import { MESSAGES } from '../../api/contract';

/** What the user reads when the server could not be reached or failed (5xx). */
export const verifyMessages = {
  verifyFailed: MESSAGES.verifyFailed,
  resendFailed: MESSAGES.verifyResendFailed,
  changeFailed: MESSAGES.emailChangeFailed,
  dismissFailed: MESSAGES.somethingWrong,
} as const;

/** Spends a mailed verification link; answers the server's sentence. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      request(() => api.POST('/api/auth/verify-email', { body: { token } }), verifyMessages.verifyFailed),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: queryKeys.me }),
  });
}

/** 'Resend': mails a new link for the account's unverified address. */
export function useResendVerification() {
  return useMutation({
    mutationFn: () => request(() => api.POST('/api/me/email/verification'), verifyMessages.resendFailed),
  });
}

/** Asks to change the address; it changes once the link mailed to the new one is opened. */
export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; password: string }) =>
      request(() => api.PUT('/api/me/email', { body }), verifyMessages.changeFailed),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.me }),
  });
}

/** Dismisses the account's notice. */
export function useDismissNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => request(() => api.DELETE('/api/me/notice'), verifyMessages.dismissFailed),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.me }),
  });
}
