import { useFormContext, useWatch } from 'react-hook-form';
import { PACKAGE_LIMITS } from '#shared/packages.ts';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import type { WizardValues } from '../lib/wizard-values.ts';

export function StepRecipient() {
  const { register, control, formState } = useFormContext<WizardValues>();
  const { errors } = formState;
  const notes = useWatch({ control, name: 'notes' });
  return (
    <div className="flex flex-col gap-5">
      <FormField
        id="package-recipientName"
        label="Recipient's name"
        required
        hint="Who takes the package at the drop-off. Only you and your traveler see it."
        error={errors.recipientName?.message}
      >
        <Input maxLength={PACKAGE_LIMITS.recipientName} autoComplete="off" {...register('recipientName')} />
      </FormField>
      <FormField
        id="package-recipientPhone"
        label="Recipient's phone"
        required
        hint="With its country code, e.g. +33 6 12 34 56 78, so the traveler can reach them at the drop-off."
        error={errors.recipientPhone?.message}
      >
        <Input type="tel" inputMode="tel" autoComplete="off" className="sm:max-w-72" {...register('recipientPhone')} />
      </FormField>
      <FormField
        id="package-notes"
        label="Notes for the traveler"
        hint={`Optional: handling, access, timing. ${notes.length} of ${PACKAGE_LIMITS.notes} characters.`}
        error={errors.notes?.message}
      >
        <Textarea rows={3} {...register('notes')} />
      </FormField>
    </div>
  );
}
