import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from './http.ts';
import { refreshSessionEverywhere, sessionKeys } from './session.ts';

/** Ends the session on the server; the signed-out watcher then takes the app to /auth/login. */
export function useSignOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => http('/api/auth/sign-out', { method: 'POST', body: {} }),
    onSettled: () => {
      client.setQueryData(sessionKeys.me, null);
      void refreshSessionEverywhere(client);
    },
  });
}
