import { Controller, useFormContext } from 'react-hook-form';
import { PLACE_LIMITS } from '#shared/places.ts';
import { PlacePicker } from '#web/components/place-picker/place-picker.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import type { WizardValues } from '../lib/wizard-values.ts';

const ends = [
  {
    name: 'pickup',
    address: 'pickupAddress',
    label: 'Pickup city',
    addressLabel: 'Pickup address',
    hint: 'Where the traveler collects the package.',
  },
  {
    name: 'dropoff',
    address: 'dropoffAddress',
    label: 'Drop-off city',
    addressLabel: 'Drop-off address',
    hint: 'Where the recipient receives it.',
  },
] as const;

export function StepRoute() {
  const { register, control, formState } = useFormContext<WizardValues>();
  const { errors } = formState;
  return (
    <div className="flex flex-col gap-6">
      {ends.map((end) => (
        <fieldset key={end.name} className="flex flex-col gap-4">
          <legend className="sr-only">{end.name === 'pickup' ? 'Pickup' : 'Drop-off'}</legend>
          <Controller
            control={control}
            name={end.name}
            render={({ field }) => (
              // react-hook-form focuses the first field in error through this ref.
              <div
                ref={(el) =>
                  field.ref(el ? { focus: () => el.querySelector<HTMLInputElement>('input')?.focus() } : null)
                }
              >
                <PlacePicker
                  id={`package-${end.name}`}
                  label={end.label}
                  required
                  value={field.value}
                  onChange={field.onChange}
                  hint={end.hint}
                  error={errors[end.name]?.message}
                />
              </div>
            )}
          />
          <FormField
            id={`package-${end.address}`}
            label={end.addressLabel}
            hint="Optional: street and number. Only you and your traveler see it; others see the city."
            error={errors[end.address]?.message}
          >
            <Input maxLength={PLACE_LIMITS.address} autoComplete="off" {...register(end.address)} />
          </FormField>
        </fieldset>
      ))}
    </div>
  );
}
