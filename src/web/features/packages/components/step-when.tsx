import { useFormContext } from 'react-hook-form';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { toLocalInput, type WizardValues } from '../lib/wizard-values.ts';

const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

export function StepWhen() {
  const { register, formState } = useFormContext<WizardValues>();
  const { errors } = formState;
  // A hint to the browser's picker only; the rules decide (the deliver-by date must be in the future).
  const min = toLocalInput(new Date().toISOString());
  return (
    <div className="flex flex-col gap-5">
      <FormField
        id="package-pickupFrom"
        label="Ready for pickup from"
        required
        hint={`The earliest a traveler can collect it. Your time zone: ${timeZone}.`}
        error={errors.pickupFrom?.message}
      >
        <Input type="datetime-local" min={min} className="sm:max-w-72" {...register('pickupFrom')} />
      </FormField>
      <FormField
        id="package-deliverBy"
        label="Deliver by"
        required
        hint="The latest it may arrive. It must be after the pickup date and in the future."
        error={errors.deliverBy?.message}
      >
        <Input type="datetime-local" min={min} className="sm:max-w-72" {...register('deliverBy')} />
      </FormField>
    </div>
  );
}
