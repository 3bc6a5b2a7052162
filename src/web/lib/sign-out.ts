import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authKeys } from '#web/api/auth.ts';
import { http } from './http.ts';
import { refreshSessionEverywhere } from './session.ts';

/** Ends the session on the server; the signed-out watcher then takes the app to /auth/login. */
export function useSignOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => http('/api/auth/sign-out', { method: 'POST', body: {} }),
    onSettled: () => {
      client.setQueryData(authKeys.me(), null);
      void refreshSessionEverywhere(client);
    },
  });
}
