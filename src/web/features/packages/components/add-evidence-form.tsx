import { ImagePlus, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { addEvidenceSchema, EVIDENCE_TEXT_MAX } from '#shared/lifecycle.ts';
import { PACKAGE_LIMITS } from '#shared/packages.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { errorMessage, fieldErrors } from '#web/lib/errors/describe-error.ts';
import { showToast } from '#web/lib/toasts.ts';
import { useAddEvidence } from '../api/lifecycle.ts';

const photoTypes = ['image/jpeg', 'image/png', 'image/webp'];
const megabytes = PACKAGE_LIMITS.photoBytes / (1024 * 1024);

interface Chosen {
  file: File;
  preview: string;
}

/**
 * "Add evidence" to an open dispute (docs/product.md §2.5): words, photos (up to what the party has
 * left of the 5), or both; checked with the contract's rules here and again by the server.
 */
export function AddEvidenceForm({ packageId, photosLeft }: { packageId: string; photosLeft: number }) {
  const id = useId();
  const add = useAddEvidence(packageId);
  const [text, setText] = useState('');
  const [photos, setPhotos] = useState<Chosen[]>([]);
  const [errors, setErrors] = useState<{ text?: string; photos?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);

  // Previews are object URLs: given back when a photo is removed or sent, and when the form goes.
  const previews = useRef(new Set<string>());
  useEffect(() => {
    const urls = previews.current;
    return () => {
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, []);
  const release = (chosen: Chosen[]) => {
    for (const photo of chosen) {
      URL.revokeObjectURL(photo.preview);
      previews.current.delete(photo.preview);
    }
  };

  const choose = (files: FileList | null) => {
    const picked = [...(files ?? [])];
    const wrong = picked.find((file) => !photoTypes.includes(file.type) || file.size > PACKAGE_LIMITS.photoBytes);
    if (wrong) {
      setErrors((e) => ({
        ...e,
        photos: `${wrong.name}: choose a JPEG, PNG or WebP image of ${megabytes} MB or less`,
      }));
      return;
    }
    if (photos.length + picked.length > photosLeft) {
      setErrors((e) => ({ ...e, photos: `You can add ${photosLeft} more photo${photosLeft === 1 ? '' : 's'}` }));
      return;
    }
    setErrors((e) => ({ ...e, photos: undefined }));
    const added = picked.map((file) => ({ file, preview: URL.createObjectURL(file) }));
    for (const photo of added) previews.current.add(photo.preview);
    setPhotos((current) => [...current, ...added]);
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (add.isPending) return;
    setFormError(null);
    const parsed = addEvidenceSchema.safeParse({ text });
    if (!parsed.success) {
      setErrors({ text: parsed.error.issues[0]?.message });
      document.getElementById(`${id}-text`)?.focus();
      return;
    }
    if (!parsed.data.text && photos.length === 0) {
      setErrors({ text: 'Write what happened, add a photo, or both' });
      document.getElementById(`${id}-text`)?.focus();
      return;
    }
    setErrors({});
    try {
      await add.mutateAsync({ text: parsed.data.text, photos: photos.map((p) => p.file) });
      setText('');
      release(photos);
      setPhotos([]);
      showToast('Evidence added. The other side and the administrators can read it now.', 'success');
    } catch (err) {
      const fields = fieldErrors(err);
      if (fields.text || fields.photo || fields.photos) {
        setErrors({ text: fields.text, photos: fields.photo ?? fields.photos });
      } else setFormError(errorMessage(err));
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Add evidence" className="flex flex-col gap-4">
      <FormField
        id={`${id}-text`}
        label="What you want the administrator to know"
        hint={`Up to ${EVIDENCE_TEXT_MAX} characters. Words, photos, or both.`}
        error={errors.text}
      >
        <Textarea value={text} rows={4} onChange={(event) => setText(event.target.value)} />
      </FormField>
      <div className="flex flex-col gap-2">
        <FormField
          id={`${id}-photos`}
          label="Photos"
          hint={
            photosLeft > 0
              ? `You can add ${photosLeft} more photo${photosLeft === 1 ? '' : 's'} (JPEG, PNG or WebP, ${megabytes} MB each).`
              : 'You have added all the photos a dispute allows.'
          }
          error={errors.photos}
        >
          <input
            type="file"
            accept={photoTypes.join(',')}
            multiple
            disabled={photosLeft === 0 || add.isPending}
            className="text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5"
            onChange={(event) => {
              choose(event.target.files);
              event.target.value = '';
            }}
          />
        </FormField>
        {photos.length > 0 ? (
          <ul className="flex flex-wrap gap-2" aria-label="Chosen photos">
            {photos.map((photo) => (
              <li key={photo.preview} className="relative">
                <img src={photo.preview} alt={photo.file.name} className="size-20 rounded-md object-cover" />
                <Button
                  type="button"
                  variant="secondary"
                  size="icon"
                  className="absolute -top-2 -right-2 size-7 rounded-full"
                  aria-label={`Remove ${photo.file.name}`}
                  disabled={add.isPending}
                  onClick={() => {
                    release([photo]);
                    setPhotos((current) => current.filter((p) => p !== photo));
                  }}
                >
                  <X aria-hidden="true" className="size-4" />
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {add.isPending ? (
        <div className="flex items-center gap-2 text-sm text-slate-700">
          <progress aria-label="Uploading evidence" className="h-2 w-40" />
          <span>Uploading…</span>
        </div>
      ) : null}
      <FormAlert message={formError} />
      <div>
        <Button type="submit" aria-disabled={add.isPending || undefined}>
          <ImagePlus aria-hidden="true" className="size-4" />
          {add.isPending ? 'Adding…' : 'Add evidence'}
        </Button>
      </div>
    </form>
  );
}
