import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Profile, UpdateProfileInput } from '#shared/profiles.ts';
import { profileKeys, profileQueries } from '#web/api/profiles.ts';
import { http } from '#web/lib/http.ts';
import { refreshSessionEverywhere } from '#web/lib/session.ts';
import { profileMutationKeys } from './profile-keys.ts';

/** The name and avatar also live in the session view (menu, dashboard): refresh both together. */
async function afterProfileChange(client: QueryClient, profile: Profile) {
  client.setQueryData(profileKeys.mine(), profile);
  await Promise.all([
    client.invalidateQueries({ queryKey: profileKeys.member(profile.id) }),
    refreshSessionEverywhere(client),
  ]);
}

/** GET /api/profile: my profile as I edit it. */
export function useMyProfile() {
  return useQuery(profileQueries.mine());
}

/** GET /api/users/{id}/public: what anyone sees of a member. */
export function useMemberProfile(id: string) {
  return useQuery(profileQueries.member(id));
}

/** PATCH /api/profile with only the fields given. */
export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: profileMutationKeys.update(),
    mutationFn: (changes: UpdateProfileInput) => http<Profile>('/api/profile', { method: 'PATCH', body: changes }),
    onSuccess: (profile) => afterProfileChange(client, profile),
  });
}
