import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { AVATAR_ACCEPT, AVATAR_MAX_BYTES, type Profile } from '#shared/profiles.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { describeError } from '#web/lib/errors/describe-error.ts';
import { showToast } from '#web/lib/toasts.ts';
import { useUploadAvatar } from '../api/avatar-upload.ts';
import { MemberAvatar } from './member-avatar.tsx';

const MAX_MB = AVATAR_MAX_BYTES / (1024 * 1024);
const TOO_LARGE = `Choose a photo of ${MAX_MB} MB or less.`;
const acceptedTypes = AVATAR_ACCEPT.split(',');
const percent = new Intl.NumberFormat(undefined, { style: 'percent' });

/** A quick check before anything is sent; the server reads the bytes and decides for itself. */
function checkFile(file: File): string | null {
  if (file.type && !acceptedTypes.includes(file.type)) return 'Choose a JPEG, PNG or WebP image.';
  if (file.size > AVATAR_MAX_BYTES) return TOO_LARGE;
  if (file.size === 0) return 'This file is empty. Choose another photo.';
  return null;
}

/** The profile photo: pick a file, see it, upload it with progress; the old photo stays until it succeeds. */
export function AvatarField({ profile }: { profile: Profile }) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const upload = useUploadAvatar(setProgress);

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const clear = () => {
    setFile(null);
    setProgress(0);
    if (inputRef.current) inputRef.current.value = '';
  };

  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setError(null);
    upload.reset();
    if (!chosen) return clear();
    const problem = checkFile(chosen);
    if (problem) {
      setError(problem);
      return clear();
    }
    setFile(chosen);
  };

  const onUpload = async () => {
    if (!file || upload.isPending) return;
    setError(null);
    setProgress(0);
    try {
      await upload.mutateAsync(file);
      clear();
      showToast('Your new photo is saved.', 'success');
    } catch (err) {
      const view = describeError(err);
      // A proxy's size limit may refuse the photo before the server's own field message does.
      setError(view.code === 'PAYLOAD_TOO_LARGE' || view.code === 'HTTP_413' ? TOO_LARGE : view.message);
    }
  };

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
      <div className="flex items-center gap-4">
        {preview ? (
          <img
            src={preview}
            alt="Your new avatar, not saved yet"
            className="size-24 shrink-0 rounded-full bg-slate-100 object-cover"
          />
        ) : (
          <MemberAvatar name={profile.name} image={profile.image} size="lg" alt="Your current avatar" />
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <Label htmlFor={`${id}-file`}>Choose a photo</Label>
        <input
          ref={inputRef}
          id={`${id}-file`}
          type="file"
          accept={AVATAR_ACCEPT}
          onChange={onChoose}
          disabled={upload.isPending}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          aria-invalid={error ? true : undefined}
          className="block w-full min-w-0 text-sm text-slate-700 file:mr-3 file:h-10 file:cursor-pointer file:rounded-md file:border file:border-slate-300 file:bg-white file:px-4 file:text-sm file:font-medium file:text-slate-900 hover:file:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        />
        <div>
          <p id={hintId} className="text-sm text-slate-600">
            JPEG, PNG or WebP, up to {MAX_MB} MB. We crop it to a square and remove hidden details such as the place it
            was taken.
          </p>
          <p id={errorId} role="alert" className="text-sm font-medium text-red-700 [&:not(:empty)]:mt-2">
            {error}
          </p>
        </div>
        {upload.isPending ? (
          <div className="flex items-center gap-3">
            <progress
              className="h-2 w-full max-w-64 accent-brand-700"
              max={1}
              value={progress}
              aria-label="Uploading your photo"
            />
            <span className="text-sm text-slate-700" aria-hidden="true">
              {percent.format(progress)}
            </span>
          </div>
        ) : null}
        {file ? (
          <div className="flex flex-wrap gap-2">
            <Button onClick={onUpload} aria-disabled={upload.isPending || undefined}>
              {upload.isPending ? 'Uploading…' : 'Upload photo'}
            </Button>
            <Button variant="secondary" onClick={clear} disabled={upload.isPending}>
              Cancel
            </Button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
