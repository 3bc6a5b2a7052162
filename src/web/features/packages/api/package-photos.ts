import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Package } from '#shared/packages.ts';
import { authKeys } from '#web/api/auth.ts';
import { HttpFailure } from '#web/lib/errors/describe-error.ts';
import { http } from '#web/lib/http.ts';
import { packageMutationKeys } from './package-keys.ts';
import { afterPackageChange } from './packages.ts';

/** fetch cannot report upload progress, so the photo goes up through XMLHttpRequest. */
function postPhoto(packageId: string, file: File, onProgress: (fraction: number) => void): Promise<Package> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/packages/${encodeURIComponent(packageId)}/photos`);
    xhr.responseType = 'json';
    xhr.withCredentials = true;
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      if (xhr.status >= 200 && xhr.status < 300) resolve(xhr.response as Package);
      else
        reject(
          new HttpFailure(xhr.status, xhr.response ?? undefined, xhr.getResponseHeader('x-request-id') ?? undefined),
        );
    });
    xhr.addEventListener('error', () => reject(new HttpFailure(undefined, undefined)));
    xhr.addEventListener('abort', () => reject(new HttpFailure(undefined, undefined)));
    const form = new FormData();
    form.append('photo', file);
    xhr.send(form);
  });
}

/** POST /api/packages/{id}/photos, one file at a time, reporting its progress from 0 to 1. */
export function useUploadPackagePhoto(packageId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: packageMutationKeys.photos(packageId),
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (fraction: number) => void }) =>
      postPhoto(packageId, file, onProgress),
    onSuccess: (pkg) => afterPackageChange(client, pkg),
    onError: (err) => {
      // The same as the http client's 401 rule: the session is gone, so the view must learn it.
      if (err instanceof HttpFailure && err.status === 401)
        void client.invalidateQueries({ queryKey: authKeys.session() });
    },
  });
}

/** DELETE /api/packages/{id}/photos/{photoId}. */
export function useDeletePackagePhoto(packageId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: packageMutationKeys.photos(packageId),
    mutationFn: (photoId: string) =>
      http<Package>(`/api/packages/${encodeURIComponent(packageId)}/photos/${encodeURIComponent(photoId)}`, {
        method: 'DELETE',
      }),
    onSuccess: (pkg) => afterPackageChange(client, pkg),
  });
}

/** PUT /api/packages/{id}/photos/order: every photo id of the draft, the first photo first. */
export function useReorderPackagePhotos(packageId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: packageMutationKeys.photos(packageId),
    mutationFn: (photoIds: string[]) =>
      http<Package>(`/api/packages/${encodeURIComponent(packageId)}/photos/order`, {
        method: 'PUT',
        body: { photoIds },
      }),
    onSuccess: (pkg) => afterPackageChange(client, pkg),
  });
}
