import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, ArrowRight } from 'lucide-react';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { FormProvider, type Resolver, useForm } from 'react-hook-form';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { checkPackageRules, type Package, type PackageDraft } from '#shared/packages.ts';
import type { PublicSettings } from '#shared/settings.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { errorMessage, errorStatus, fieldErrors } from '#web/lib/errors/describe-error.ts';
import { formatDateTime } from '#web/lib/format.ts';
import { useCreatePackage, usePackage, useUpdatePackage } from '../api/packages.ts';
import {
  firstIncompleteStep,
  formFieldOf,
  type StepId,
  stepById,
  stepIndex,
  stepOfField,
  type WizardField,
  wizardSteps,
} from '../lib/wizard-steps.ts';
import { draftOf, isUnchanged, stepSchema, valuesOf, type WizardValues } from '../lib/wizard-values.ts';
import { StepIndicator } from './step-indicator.tsx';
import { StepPhotos } from './step-photos.tsx';
import { StepRecipient } from './step-recipient.tsx';
import { StepReview } from './step-review.tsx';
import { StepReward } from './step-reward.tsx';
import { StepRoute } from './step-route.tsx';
import { StepSize } from './step-size.tsx';
import { StepWhat } from './step-what.tsx';
import { StepWhen } from './step-when.tsx';
import { VerificationNotice } from './verification-notice.tsx';

const paymentPath = (id: string) => `/user/packages/send-a-package/payment-process?package=${encodeURIComponent(id)}`;

/** Field errors in wizard order, so the earliest step with a problem is the one shown. */
const byStepOrder = (a: [WizardField, string], b: [WizardField, string]) =>
  stepIndex(stepOfField(a[0])) - stepIndex(stepOfField(b[0]));

/**
 * The steps of "send a package" over one form. Every move (Next, Back, a step in the indicator) checks
 * the current step as the server will and saves it: the first save creates the draft, the later ones
 * change it, so a reload loses nothing.
 */
export function SendPackageWizard({
  initial,
  settings,
  onCreated,
}: {
  initial: Package | null;
  settings: PublicSettings;
  onCreated: (pkg: Package) => void;
}) {
  const navigate = useNavigate();
  const headingId = useId();
  const [packageId, setPackageId] = useState(initial?.id ?? null);
  const query = usePackage(packageId);
  const pkg: Package | null = query.data?.visibility === 'full' ? query.data : initial;
  const saved = useMemo(() => draftOf(pkg), [pkg]);
  // The step lives in the address (`?step=`), so the browser's Back and Forward walk the steps; `then=review`
  // marks a step opened from Review's "Edit", which returns there once saved.
  const [params] = useSearchParams();
  const location = useLocation();
  const [firstStep] = useState<StepId>(() => (initial ? firstIncompleteStep(initial.missing) : 'what'));
  const fromUrl = wizardSteps.find((s) => s.id === params.get('step'))?.id ?? null;
  // Past the first step there is a draft to show; an address naming a later step of none starts at the first.
  const step: StepId = fromUrl && (fromUrl === 'what' || packageId) ? fromUrl : firstStep;
  const backToReview = params.get('then') === 'review' && step !== 'review';
  const [formError, setFormError] = useState<string | null>(null);
  const create = useCreatePackage();
  const update = useUpdatePackage(packageId ?? '');
  const saving = create.isPending || update.isPending;
  // Photos still being prepared or sent would be dropped by leaving their step, so it waits for them.
  const [photosBusy, setPhotosBusy] = useState(false);
  const onPhotosBusy = useCallback((busy: boolean) => {
    setPhotosBusy(busy);
    if (!busy) setFormError(null);
  }, []);

  // The resolver checks the step on screen against the draft as saved; both change between renders.
  const current = useRef({ step, saved });
  current.current = { step, saved };
  const resolver: Resolver<WizardValues, unknown, PackageDraft> = (values, context, options) =>
    zodResolver(stepSchema(current.current.step, current.current.saved, settings))(values, context, options);
  const form = useForm<WizardValues, unknown, PackageDraft>({ defaultValues: valuesOf(initial), resolver });

  // A new step takes the focus to its heading, so keyboard and screen-reader users start at its top.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current !== step) headingRef.current?.focus();
    shownStep.current = step;
  }, [step]);

  /** The address of a step: the draft's id (once there is one), the step, and where to go after it. */
  const stepUrl = (target: StepId, draftId: string | null, returnToReview = false) => {
    const next = new URLSearchParams(params);
    if (draftId) next.set('draft', draftId);
    next.set('step', target);
    if (returnToReview) next.set('then', 'review');
    else next.delete('then');
    return `${location.pathname}?${next}`;
  };

  /** Moves without saving or checking anything: going back never stops on what is on screen. */
  const goTo = (target: StepId, options: { returnToReview?: boolean; draftId?: string | null } = {}) => {
    setFormError(null);
    form.clearErrors();
    current.current = { ...current.current, step: target };
    navigate(stepUrl(target, options.draftId ?? packageId, options.returnToReview));
  };

  const showFailure = (err: unknown) => {
    const fields = (Object.entries(errorStatus(err) === 400 ? fieldErrors(err) : {}) as [string, string][])
      .map(([path, message]) => [formFieldOf(path), message] as const)
      .filter((entry): entry is [WizardField, string] => entry[0] !== null)
      .sort(byStepOrder);
    const first = fields[0];
    if (!first) {
      setFormError(errorMessage(err));
      return;
    }
    const target = stepOfField(first[0]);
    if (target !== current.current.step) goTo(target);
    for (const [field, message] of fields) {
      if (stepOfField(field) === target) form.setError(field, { type: 'server', message });
    }
    setFormError('Tagalong could not save this step. Check the fields marked below.');
  };

  const continueToPayment = (draft: Package) => {
    if (draft.missing.length > 0) {
      setFormError('Some details are still missing. Complete the steps listed above, then continue.');
      return;
    }
    // The deliver-by date may have passed since it was saved: the server would refuse to publish.
    const issues = Object.entries(checkPackageRules(draftOf(draft), settings))
      .map(([path, messages]) => [formFieldOf(path), messages[0] ?? ''] as const)
      .filter((entry): entry is [WizardField, string] => entry[0] !== null)
      .sort(byStepOrder);
    const first = issues[0];
    if (first) {
      const target = stepOfField(first[0]);
      goTo(target);
      for (const [field, message] of issues) if (stepOfField(field) === target) form.setError(field, { message });
      setFormError('Something saved earlier no longer fits the rules. Check the fields marked below.');
      return;
    }
    navigate(paymentPath(draft.id));
  };

  const photosPending = () => {
    if (step !== 'photos' || !photosBusy) return false;
    setFormError('Your photos are still being added. Wait until they are done, then go on.');
    return true;
  };

  const saveAndGo = (target: StepId | 'payment') =>
    form.handleSubmit(async (patch) => {
      if (saving) return;
      setFormError(null);
      try {
        let next = pkg;
        let created: string | null = null;
        if (!next) {
          next = await create.mutateAsync({ ...patch, title: patch.title ?? '' });
          created = next.id;
          setPackageId(next.id);
          onCreated(next);
          // The first step's own entry gets the draft's id, so Back returns to this draft, not a new one.
          await navigate(stepUrl(current.current.step, next.id), { replace: true });
        } else if (!isUnchanged(patch, saved)) {
          next = await update.mutateAsync(patch);
        }
        form.reset(valuesOf(next));
        if (target === 'payment') continueToPayment(next);
        else if (target !== current.current.step) goTo(target, { draftId: created ?? next.id });
      } catch (err) {
        showFailure(err);
      }
    })();

  const index = stepIndex(step);
  const isReview = step === 'review';
  const previous = wizardSteps[index - 1]?.id;
  const next = wizardSteps[index + 1]?.id;
  const incomplete = new Set(pkg ? pkg.missing.map((f) => formFieldOf(f)).map((f) => f && stepOfField(f)) : []);
  // Photos are optional: their step reads as done once there is one.
  const complete = new Set(
    wizardSteps
      .filter((s) => pkg && s.id !== 'review' && !incomplete.has(s.id) && (s.id !== 'photos' || pkg.photos.length > 0))
      .map((s) => s.id),
  );
  const missingSteps = wizardSteps.filter((s) => incomplete.has(s.id));

  return (
    <div className="max-w-3xl">
      <VerificationNotice settings={settings} />
      <StepIndicator
        current={step}
        complete={complete}
        canMove={pkg !== null && !saving}
        // Back to a step done never checks this one; ahead, this step is checked and saved first.
        onSelect={(target) =>
          target === step || photosPending() ? undefined : stepIndex(target) < index ? goTo(target) : saveAndGo(target)
        }
      />
      <FormProvider {...form}>
        <form
          noValidate
          aria-labelledby={headingId}
          onSubmit={(event) => {
            event.preventDefault();
            if (photosPending()) return;
            void saveAndGo(isReview ? 'payment' : backToReview ? 'review' : (next ?? 'review'));
          }}
          className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
        >
          <h2
            id={headingId}
            ref={headingRef}
            tabIndex={-1}
            className="mb-1 text-xl font-semibold text-slate-900 focus:outline-none"
          >
            {stepById(step).title}
          </h2>
          <p className="mb-5 text-sm text-slate-600" role="status">
            {pkg
              ? `Draft saved ${formatDateTime(pkg.updatedAt)}.`
              : 'Your draft is saved when you go on to the next step.'}
          </p>

          {step === 'what' ? <StepWhat /> : null}
          {step === 'photos' && pkg ? <StepPhotos pkg={pkg} settings={settings} onBusyChange={onPhotosBusy} /> : null}
          {step === 'route' ? <StepRoute /> : null}
          {step === 'when' ? <StepWhen /> : null}
          {step === 'size' ? <StepSize settings={settings} /> : null}
          {step === 'reward' ? <StepReward settings={settings} currency={pkg?.currency ?? settings.currency} /> : null}
          {step === 'recipient' ? <StepRecipient /> : null}
          {isReview && pkg ? (
            <>
              {missingSteps.length > 0 ? (
                <section
                  aria-labelledby="review-missing"
                  className="mb-4 rounded-md border border-amber-200 bg-amber-50 p-4 text-amber-900"
                >
                  <h3 id="review-missing" className="font-semibold">
                    Still needed before payment
                  </h3>
                  <ul className="mt-2 flex flex-col gap-1">
                    {missingSteps.map((s) => (
                      <li key={s.id}>
                        <Button
                          variant="link"
                          className="h-auto p-0 text-amber-900"
                          onClick={() => goTo(s.id, { returnToReview: true })}
                        >
                          {s.label}
                        </Button>
                      </li>
                    ))}
                  </ul>
                </section>
              ) : null}
              <StepReview pkg={pkg} settings={settings} onEdit={(target) => goTo(target, { returnToReview: true })} />
            </>
          ) : null}

          <FormAlert message={formError} className="mt-4" />
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
            {previous ? (
              <Button
                variant="secondary"
                onClick={() => photosPending() || goTo(previous)}
                aria-disabled={saving || undefined}
              >
                <ArrowLeft aria-hidden="true" className="size-4" />
                Back
              </Button>
            ) : (
              <span />
            )}
            <Button type="submit" aria-disabled={saving || undefined}>
              {saving
                ? 'Saving…'
                : isReview
                  ? 'Continue to payment'
                  : backToReview
                    ? 'Save and return to review'
                    : 'Save and continue'}
              {saving ? null : <ArrowRight aria-hidden="true" className="size-4" />}
            </Button>
          </div>
        </form>
      </FormProvider>
    </div>
  );
}
