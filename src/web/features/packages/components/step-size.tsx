import { useFormContext } from 'react-hook-form';
import { packageSizeDimensions, packageSizes } from '#shared/packages.ts';
import type { PublicSettings } from '#shared/settings.ts';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { cn } from '#web/lib/cn.ts';
import { sizeLabel } from '../lib/labels.ts';
import type { WizardValues } from '../lib/wizard-values.ts';

export function StepSize({ settings }: { settings: PublicSettings }) {
  const { register, formState } = useFormContext<WizardValues>();
  const { errors } = formState;
  const sizeError = errors.size?.message;
  return (
    <div className="flex flex-col gap-6">
      <fieldset aria-describedby={sizeError ? 'package-size-error' : undefined}>
        <legend className="mb-2 text-sm font-medium text-slate-900">
          Size <span className="font-normal text-slate-600">(required)</span>
        </legend>
        <div className="grid gap-2 sm:grid-cols-3">
          {packageSizes.map((size) => (
            <label
              key={size}
              className={cn(
                'flex cursor-pointer items-start gap-3 rounded-md border border-slate-300 bg-white p-3 hover:border-slate-400 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-700',
                sizeError && 'border-red-700',
              )}
            >
              <input
                type="radio"
                value={size}
                className="mt-0.5 size-4 accent-brand-700"
                aria-invalid={sizeError ? true : undefined}
                {...register('size')}
              />
              <span className="flex flex-col">
                <span className="font-medium text-slate-900">
                  {size} · {sizeLabel[size]}
                </span>
                <span className="text-sm text-slate-600">{packageSizeDimensions[size]}</span>
              </span>
            </label>
          ))}
        </div>
        {sizeError ? (
          <p id="package-size-error" className="mt-1.5 text-sm font-medium text-red-700">
            {sizeError}
          </p>
        ) : null}
      </fieldset>
      <FormField
        id="package-weightKg"
        label="Weight in kg"
        required
        hint={`Between ${settings.weightMinGrams / 1000} and ${settings.weightMaxGrams / 1000} kg, packed.`}
        error={errors.weightKg?.message}
      >
        <Input inputMode="decimal" autoComplete="off" className="sm:max-w-40" {...register('weightKg')} />
      </FormField>
    </div>
  );
}
