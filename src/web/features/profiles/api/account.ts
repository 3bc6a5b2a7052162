import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DELETE_ACCOUNT_CONFIRMATION } from '#shared/profiles.ts';
import { authKeys } from '#web/api/auth.ts';
import { profileKeys } from '#web/api/profiles.ts';
import { reviewKeys } from '#web/api/reviews.ts';
import { http } from '#web/lib/http.ts';
import { refreshSessionEverywhere } from '#web/lib/session.ts';
import { profileMutationKeys } from './profile-keys.ts';

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
  revokeOtherSessions: boolean;
}

/** Better Auth's POST /api/auth/change-password (checks the current password first). */
export function useChangePassword() {
  return useMutation({
    mutationKey: profileMutationKeys.changePassword(),
    mutationFn: async (input: ChangePasswordInput) => {
      await http('/api/auth/change-password', { method: 'POST', body: input });
    },
  });
}

/**
 * Better Auth's POST /api/auth/change-email: a verification link goes to the new address, and the
 * address changes only once it is opened (then the link lands on `callbackURL`).
 */
export function useChangeEmail() {
  return useMutation({
    mutationKey: profileMutationKeys.changeEmail(),
    mutationFn: async (newEmail: string) => {
      await http('/api/auth/change-email', {
        method: 'POST',
        body: { newEmail, callbackURL: '/user/profile/my-profile' },
      });
    },
  });
}

/**
 * DELETE /api/profile: the server signs every session out; this tab and the others follow.
 * `onDeleted` runs first (leave the page), so no guard sees the signed-out session on the way.
 */
export function useDeleteAccount(onDeleted: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: profileMutationKeys.deleteAccount(),
    mutationFn: async () => {
      await http('/api/profile', { method: 'DELETE', body: { confirm: DELETE_ACCOUNT_CONFIRMATION } });
    },
    onSuccess: () => {
      onDeleted();
      client.removeQueries({ queryKey: profileKeys.all });
      client.removeQueries({ queryKey: reviewKeys.all });
      client.setQueryData(authKeys.me(), null);
      void refreshSessionEverywhere(client);
    },
  });
}
