import { useId, useRef, useState } from 'react';
import { Controller, type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { defaultSettings } from '#shared/settings.ts';
import { TRAVEL_PLAN_LIMITS, type TravelPlan, transportLabel, transports } from '#shared/travel-plans.ts';
import { PlacePicker } from '#web/components/place-picker/place-picker.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { NativeSelect } from '#web/components/ui/select.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { errorMessage, fieldErrors } from '#web/lib/errors/describe-error.ts';
import { usePublicSettings } from '#web/lib/settings.ts';
import { useCreateTravelPlan, useUpdateTravelPlan } from '../api/travel-plans.ts';
import { isoToLocalInput } from './local-date-time.ts';
import {
  changedFields,
  emptyTravelPlanValues,
  type TravelPlanField,
  type TravelPlanFormValues,
  travelPlanFields,
  validateTravelPlan,
  valuesOfPlan,
} from './travel-plan-form-values.ts';

interface Props {
  /** The plan being edited; a new one is created without it. */
  plan?: TravelPlan;
  /** Values to start a new plan from (a route searched on the home page). */
  initialValues?: Partial<TravelPlanFormValues>;
  onSaved: (plan: TravelPlan) => void;
  onDiscard: () => void;
  /** Names the form for assistive technology ("Add a trip", "Edit trip Paris → Berlin"). */
  label: string;
}

/**
 * Origin and destination, departure and arrival, transport, free capacity and notes, checked with
 * the server's own schema and rules before sending; the server's field errors land on the same fields.
 */
/** A refusal's field errors by the form's own fields: "origin.lat" belongs to the origin picker. */
function topLevelFieldErrors(err: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(fieldErrors(err))) {
    const field = path.split('.')[0] as string;
    out[field] ??= message;
  }
  return out;
}

export function TravelPlanForm({ plan, initialValues, onSaved, onDiscard, label }: Props) {
  const prefix = useId();
  const fieldId = (field: TravelPlanField) => `${prefix}-${field}`;
  const settings = usePublicSettings();
  // The resolver is created once by react-hook-form; it reads the settings through this ref.
  const minDistanceKm = useRef(defaultSettings.minDistanceKm);
  minDistanceKm.current = settings.data?.minDistanceKm ?? defaultSettings.minDistanceKm;

  const create = useCreateTravelPlan();
  const update = useUpdateTravelPlan();
  const pending = create.isPending || update.isPending;
  const [formError, setFormError] = useState<string | null>(null);

  const resolver: Resolver<TravelPlanFormValues> = async (values) => {
    const result = validateTravelPlan(values, { minDistanceKm: minDistanceKm.current });
    if (!result.errors) return { values, errors: {} };
    const errors: FieldErrors<TravelPlanFormValues> = {};
    for (const [field, message] of Object.entries(result.errors)) {
      errors[field as TravelPlanField] = { type: 'validate', message };
    }
    return { values: {}, errors };
  };

  const form = useForm<TravelPlanFormValues>({
    resolver,
    defaultValues: plan ? valuesOfPlan(plan) : { ...emptyTravelPlanValues, ...initialValues },
    shouldFocusError: false,
  });
  const { errors } = form.formState;

  // The place pickers are not plain inputs react-hook-form can focus, so the first bad field is focused by id.
  const focusFirst = (bad: readonly string[]) => {
    const first = travelPlanFields.find((field) => bad.includes(field));
    if (first) document.getElementById(fieldId(first))?.focus();
  };

  const onSubmit = form.handleSubmit(
    async (values) => {
      if (pending) return;
      setFormError(null);
      const result = validateTravelPlan(values, { minDistanceKm: minDistanceKm.current });
      if (!result.body) return;
      try {
        let saved: TravelPlan;
        if (plan) {
          const changes = changedFields(plan, result.body);
          saved = Object.keys(changes).length > 0 ? await update.mutateAsync({ id: plan.id, changes }) : plan;
        } else saved = await create.mutateAsync(result.body);
        onSaved(saved);
      } catch (err) {
        const fields = topLevelFieldErrors(err);
        const known = travelPlanFields.filter((field) => fields[field]);
        for (const field of known) form.setError(field, { type: 'server', message: fields[field] });
        if (known.length > 0) focusFirst(known);
        else setFormError(errorMessage(err));
      }
    },
    (bad) => focusFirst(Object.keys(bad)),
  );

  const nowLocal = isoToLocalInput(new Date().toISOString());

  return (
    <form onSubmit={onSubmit} noValidate aria-label={label} className="flex flex-col gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <Controller
          control={form.control}
          name="origin"
          render={({ field }) => (
            <PlacePicker
              id={fieldId('origin')}
              label="From"
              required
              value={field.value}
              onChange={field.onChange}
              hint="The city you leave from."
              error={errors.origin?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="destination"
          render={({ field }) => (
            <PlacePicker
              id={fieldId('destination')}
              label="To"
              required
              value={field.value}
              onChange={field.onChange}
              hint="The city you are going to."
              error={errors.destination?.message}
            />
          )}
        />
        <FormField
          id={fieldId('departureAt')}
          label="Departure"
          required
          hint="Date and time you leave, in your time zone."
          error={errors.departureAt?.message}
        >
          <Input type="datetime-local" min={nowLocal} {...form.register('departureAt')} />
        </FormField>
        <FormField
          id={fieldId('arrivalAt')}
          label="Arrival"
          required
          hint="Date and time you arrive, in your time zone."
          error={errors.arrivalAt?.message}
        >
          <Input type="datetime-local" min={nowLocal} {...form.register('arrivalAt')} />
        </FormField>
        <FormField id={fieldId('transport')} label="Transport" required error={errors.transport?.message}>
          <NativeSelect {...form.register('transport')}>
            <option value="">Choose how you travel</option>
            {transports.map((transport) => (
              <option key={transport} value={transport}>
                {transportLabel[transport]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField
          id={fieldId('capacityKg')}
          label="Free capacity (kg)"
          required
          hint={`The weight you can take along for others: ${TRAVEL_PLAN_LIMITS.capacityKgMin} to ${TRAVEL_PLAN_LIMITS.capacityKgMax} kg.`}
          error={errors.capacityKg?.message}
        >
          <Input type="text" inputMode="decimal" autoComplete="off" {...form.register('capacityKg')} />
        </FormField>
      </div>
      <FormField
        id={fieldId('notes')}
        label="Notes"
        hint="Optional: anything a sender should know, such as where you can meet."
        error={errors.notes?.message}
      >
        <Textarea rows={3} maxLength={TRAVEL_PLAN_LIMITS.notes} {...form.register('notes')} />
      </FormField>
      <div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" aria-disabled={pending || undefined}>
            {pending ? 'Saving…' : plan ? 'Save changes' : 'Add trip'}
          </Button>
          <Button type="button" variant="secondary" onClick={onDiscard}>
            Discard
          </Button>
        </div>
        <FormAlert message={formError} className="mt-3" />
      </div>
    </form>
  );
}
