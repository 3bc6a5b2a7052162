import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from './http.ts';
import { sessionKeys } from './session.ts';
import { announceSessionChange } from './session-events.ts';

/** Ends the session on the server; the signed-out watcher then takes the app to /auth/login. */
export function useSignOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => http('/api/auth/sign-out', { method: 'POST', body: {} }),
    onSettled: () => {
      client.setQueryData(sessionKeys.me, null);
      announceSessionChange();
      void client.invalidateQueries({ queryKey: ['session'] });
    },
  });
}
