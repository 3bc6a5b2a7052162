import { Check } from 'lucide-react';
import { cn } from '#web/lib/cn.ts';
import { type StepId, stepIndex, wizardSteps } from '../lib/wizard-steps.ts';

/**
 * Where the sender is among the steps. Each step is a button once the draft exists (moving saves
 * the current step first); on a phone only the numbers show, and the heading below names the step.
 */
export function StepIndicator({
  current,
  complete,
  canMove,
  onSelect,
}: {
  current: StepId;
  /** Steps whose required fields are all saved. */
  complete: ReadonlySet<StepId>;
  /** False until the first step is saved: there is no draft to move around in yet. */
  canMove: boolean;
  onSelect: (step: StepId) => void;
}) {
  const position = stepIndex(current) + 1;
  return (
    <nav aria-label="Steps of sending a package" className="mb-6">
      <p className="mb-2 text-sm font-medium text-slate-700">
        Step {position} of {wizardSteps.length}
      </p>
      <ol className="flex gap-1.5 overflow-x-auto pb-1 sm:flex-wrap sm:gap-2">
        {wizardSteps.map((step, index) => {
          const isCurrent = step.id === current;
          const isDone = complete.has(step.id) && !isCurrent;
          const state = isCurrent ? 'current step' : isDone ? 'done' : 'to do';
          return (
            <li key={step.id} className="shrink-0">
              <button
                type="button"
                onClick={() => onSelect(step.id)}
                disabled={!canMove && !isCurrent}
                aria-current={isCurrent ? 'step' : undefined}
                className={cn(
                  'flex h-9 items-center gap-2 rounded-full border px-1 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed sm:pr-3',
                  isCurrent
                    ? 'border-brand-700 bg-brand-50 text-brand-800'
                    : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-100 disabled:hover:bg-white',
                )}
              >
                <span
                  aria-hidden="true"
                  className={cn(
                    'flex size-7 items-center justify-center rounded-full text-xs',
                    isCurrent ? 'bg-brand-700 text-white' : isDone ? 'bg-green-700 text-white' : 'bg-slate-100',
                  )}
                >
                  {isDone ? <Check className="size-4" strokeWidth={3} /> : index + 1}
                </span>
                <span className="sr-only sm:not-sr-only">{step.label}</span>
                <span className="sr-only">, {state}</span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
