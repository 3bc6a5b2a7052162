import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile } from '#shared/profiles.ts';
import { authKeys } from '#web/api/auth.ts';
import { profileKeys } from '#web/api/profiles.ts';
import { HttpFailure } from '#web/lib/errors/describe-error.ts';
import { refreshSessionEverywhere } from '#web/lib/session.ts';
import { profileMutationKeys } from './profile-keys.ts';

/**
 * fetch cannot report upload progress, so the one multipart request of the app goes through
 * XMLHttpRequest; everything else uses the shared `http` client.
 */
function postAvatar(file: File, onProgress: (fraction: number) => void): Promise<Profile> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/profile/avatar');
    xhr.responseType = 'json';
    xhr.withCredentials = true;
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      if (xhr.status >= 200 && xhr.status < 300) resolve(xhr.response as Profile);
      else
        reject(
          new HttpFailure(xhr.status, xhr.response ?? undefined, xhr.getResponseHeader('x-request-id') ?? undefined),
        );
    });
    xhr.addEventListener('error', () => reject(new HttpFailure(undefined, undefined)));
    xhr.addEventListener('abort', () => reject(new HttpFailure(undefined, undefined)));
    const form = new FormData();
    form.append('avatar', file);
    xhr.send(form);
  });
}

/** POST /api/profile/avatar, reporting progress from 0 to 1 while the file goes up. */
export function useUploadAvatar(onProgress: (fraction: number) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: profileMutationKeys.avatar(),
    mutationFn: (file: File) => postAvatar(file, onProgress),
    onSuccess: async (profile) => {
      client.setQueryData(profileKeys.mine(), profile);
      await Promise.all([
        client.invalidateQueries({ queryKey: profileKeys.member(profile.id) }),
        refreshSessionEverywhere(client),
      ]);
    },
    onError: (err) => {
      // The same as the http client's 401 rule: the session is gone, so the view must learn it.
      if (err instanceof HttpFailure && err.status === 401)
        void client.invalidateQueries({ queryKey: authKeys.session() });
    },
  });
}
