import { useFormContext, useWatch } from 'react-hook-form';
import { PACKAGE_LIMITS } from '#shared/packages.ts';
import { packageCategories } from '#shared/settings.ts';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { NativeSelect } from '#web/components/ui/select.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { categoryLabel } from '../lib/labels.ts';
import type { WizardValues } from '../lib/wizard-values.ts';

export function StepWhat() {
  const { register, control, formState } = useFormContext<WizardValues>();
  const { errors } = formState;
  const description = useWatch({ control, name: 'description' });
  return (
    <div className="flex flex-col gap-5">
      <FormField
        id="package-title"
        label="Title"
        required
        hint={`What a traveler reads first, e.g. “Two paperback books”. Up to ${PACKAGE_LIMITS.title} characters.`}
        error={errors.title?.message}
      >
        {/* No maxLength: a longer title pasted in is refused with the rule, never cut without a word. */}
        <Input autoComplete="off" {...register('title')} />
      </FormField>
      <FormField
        id="package-category"
        label="Category"
        required
        hint="Weapons, drugs, cash, live animals and hazardous materials can never be sent."
        error={errors.category?.message}
      >
        <NativeSelect {...register('category')}>
          <option value="">Choose a category</option>
          {packageCategories.map((category) => (
            <option key={category} value={category}>
              {categoryLabel[category]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField
        id="package-description"
        label="Description"
        hint={`Optional: what is inside and how it is packed. ${description.length} of ${PACKAGE_LIMITS.description} characters.`}
        error={errors.description?.message}
      >
        <Textarea rows={4} {...register('description')} />
      </FormField>
    </div>
  );
}
