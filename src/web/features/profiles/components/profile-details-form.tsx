import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { PROFILE_LIMITS, type Profile } from '#shared/profiles.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { CheckboxField, FormField } from '#web/components/ui/form-field.tsx';
import { FormStatus } from '#web/components/ui/form-status.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { errorMessage, fieldErrors } from '#web/lib/errors/describe-error.ts';
import { showToast } from '#web/lib/toasts.ts';
import { useUpdateProfile } from '../api/profile.ts';
import { LanguagePicker } from './language-picker.tsx';

// The same limits as the server's contract (src/shared/profiles.ts), checked here first.
const detailsSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Enter your name')
    .max(PROFILE_LIMITS.name, `Use at most ${PROFILE_LIMITS.name} characters`),
  bio: z.string().trim().max(PROFILE_LIMITS.bio, `Use at most ${PROFILE_LIMITS.bio} characters`),
  city: z.string().trim().max(PROFILE_LIMITS.city, `Use at most ${PROFILE_LIMITS.city} characters`),
  languages: z.array(z.string()).max(PROFILE_LIMITS.languages, `Choose at most ${PROFILE_LIMITS.languages} languages`),
  notifyByEmail: z.boolean(),
});
type DetailsValues = z.infer<typeof detailsSchema>;
const fieldNames = ['name', 'bio', 'city', 'languages', 'notifyByEmail'] as const;

const valuesOf = (p: Profile): DetailsValues => ({
  name: p.name,
  bio: p.bio ?? '',
  city: p.city ?? '',
  languages: p.languages,
  notifyByEmail: p.notifyByEmail,
});

/** Name, bio, city, languages and the e-mail preference, saved together. */
export function ProfileDetailsForm({ profile }: { profile: Profile }) {
  const update = useUpdateProfile();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<DetailsValues>({ resolver: zodResolver(detailsSchema), defaultValues: valuesOf(profile) });
  const { errors } = form.formState;
  const bio = useWatch({ control: form.control, name: 'bio' });

  const onSubmit = form.handleSubmit(async (values) => {
    if (update.isPending) return;
    setFormError(null);
    try {
      const saved = await update.mutateAsync(values);
      form.reset(valuesOf(saved));
      showToast('Your profile is saved.', 'success');
    } catch (err) {
      // A list's item errors ("languages.0") belong beside the list.
      const fields: Record<string, string> = {};
      for (const [path, message] of Object.entries(fieldErrors(err))) fields[path.split('.')[0] as string] ??= message;
      const known = fieldNames.filter((f) => fields[f]);
      if (known.length > 0) {
        for (const field of known)
          form.setError(field, { message: fields[field] }, { shouldFocus: field === known[0] });
      } else setFormError(errorMessage(err));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5" aria-label="About you">
      <FormField id="profile-name" label="Name" error={errors.name?.message} hint="Shown to other members.">
        <Input autoComplete="name" {...form.register('name')} />
      </FormField>
      <FormField
        id="profile-bio"
        label="Bio"
        hint={`A few words for senders and travelers. ${bio.length} of ${PROFILE_LIMITS.bio} characters.`}
        error={errors.bio?.message}
      >
        <Textarea rows={4} {...form.register('bio')} />
      </FormField>
      <FormField id="profile-city" label="City" error={errors.city?.message}>
        <Input autoComplete="address-level2" {...form.register('city')} />
      </FormField>
      <Controller
        control={form.control}
        name="languages"
        render={({ field }) => (
          <LanguagePicker value={field.value} onChange={field.onChange} error={errors.languages?.message} />
        )}
      />
      <Controller
        control={form.control}
        name="notifyByEmail"
        render={({ field }) => (
          <CheckboxField
            id="profile-notify-by-email"
            label="Also e-mail me my notifications"
            hint="Notifications always appear in Tagalong; this sends a copy to your e-mail address too."
            error={errors.notifyByEmail?.message}
          >
            <Checkbox
              ref={field.ref}
              name={field.name}
              checked={field.value}
              onCheckedChange={(checked) => field.onChange(checked === true)}
              onBlur={field.onBlur}
            />
          </CheckboxField>
        )}
      />
      {/* A block, not a flex column: the empty live regions under the button take no room. */}
      <div>
        <Button type="submit" aria-disabled={update.isPending || undefined}>
          {update.isPending ? 'Saving…' : 'Save changes'}
        </Button>
        <FormStatus error={formError} messageClassName="mt-3" />
      </div>
    </form>
  );
}
