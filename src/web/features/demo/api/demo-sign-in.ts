import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DEMO_PASSWORD } from '#shared/demo.ts';
import { http } from '#web/lib/http.ts';
import { refreshSessionEverywhere } from '#web/lib/session.ts';

/** One click: sign in as a demo account with the public demo password. */
export function useDemoSignIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (email: string) => {
      await http('/api/auth/sign-in/email', {
        method: 'POST',
        body: { email, password: DEMO_PASSWORD, rememberMe: false },
      });
      await refreshSessionEverywhere(client);
    },
  });
}
