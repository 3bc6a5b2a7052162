import { useFormContext, useWatch } from 'react-hook-form';
import { type Currency, formatMoney, platformFee } from '#shared/money.ts';
import type { PublicSettings } from '#shared/settings.ts';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { parseAmount, type WizardValues } from '../lib/wizard-values.ts';
import { feeNoteOf, MoneyBreakdown } from './money-breakdown.tsx';

export function StepReward({ settings, currency }: { settings: PublicSettings; currency: Currency }) {
  const { register, control, formState } = useFormContext<WizardValues>();
  const { errors } = formState;
  const rewardText = useWatch({ control, name: 'reward' });
  const reward = parseAmount(rewardText);
  const fee = reward === null ? null : platformFee(reward, settings);
  return (
    <div className="flex flex-col gap-6">
      <FormField
        id="package-reward"
        label={`Reward for the traveler (${currency})`}
        required
        hint={`Between ${formatMoney(settings.rewardMin, currency)} and ${formatMoney(settings.rewardMax, currency)}. The traveler receives all of it once the package is delivered.`}
        error={errors.reward?.message}
      >
        <Input inputMode="decimal" autoComplete="off" className="sm:max-w-40" {...register('reward')} />
      </FormField>
      <section aria-labelledby="reward-total-heading" className="rounded-lg border border-slate-200 bg-slate-50 p-4">
        <h3 id="reward-total-heading" className="mb-2 text-sm font-semibold text-slate-900">
          What you pay
        </h3>
        {/* Announced as the reward changes, so the total is never a surprise. */}
        <div aria-live="polite" aria-atomic="true">
          <MoneyBreakdown
            reward={reward}
            fee={fee}
            total={reward === null || fee === null ? null : reward + fee}
            currency={currency}
            feeNote={feeNoteOf(settings, currency)}
          />
        </div>
        <p className="mt-2 text-sm text-slate-600">
          Tagalong holds this until the package is delivered. If it is cancelled before a traveler takes it, you get it
          all back.
        </p>
      </section>
      <FormField
        id="package-declaredValue"
        label={`Declared value (${currency})`}
        required
        hint="What the contents are worth. It tells the traveler how carefully to handle it."
        error={errors.declaredValue?.message}
      >
        <Input inputMode="decimal" autoComplete="off" className="sm:max-w-40" {...register('declaredValue')} />
      </FormField>
    </div>
  );
}
