import { cloneElement, type ReactElement, type ReactNode } from 'react';
import { cn } from '#web/lib/cn.ts';
import { Label } from './label.tsx';

type ControlProps = { id?: string; 'aria-describedby'?: string; 'aria-invalid'?: boolean | 'true' | 'false' };

interface FieldProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  className?: string;
  /** Exactly one control (Input, Textarea, NativeSelect, Checkbox…); it receives id and the aria wiring. */
  children: ReactElement<ControlProps>;
}

/**
 * Gives the control its id, aria-invalid while there is an error, and aria-describedby pointing at
 * the hint and the error, so a screen reader reads both when the field takes focus (react-hook-form
 * focuses the first invalid field on submit).
 */
function wireControl({ id, hint, error, children }: FieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [children.props['aria-describedby'], hintId, errorId].filter(Boolean).join(' ');
  const control = cloneElement(children, {
    id,
    'aria-describedby': describedBy || undefined,
    'aria-invalid': error ? true : children.props['aria-invalid'],
  });
  const messages = (indent?: string) => (
    <>
      {hint ? (
        <p id={hintId} className={cn('text-sm text-slate-600', indent)}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={cn('text-sm font-medium text-red-700', indent)}>
          {error}
        </p>
      ) : null}
    </>
  );
  return { control, messages };
}

/** A label above one control, then an optional hint and an optional error message. */
export function FormField(props: FieldProps & { required?: boolean }) {
  const { control, messages } = wireControl(props);
  return (
    <div className={cn('flex flex-col gap-1.5', props.className)}>
      <Label htmlFor={props.id}>
        {props.label}
        {props.required ? <span className="font-normal text-slate-600"> (required)</span> : null}
      </Label>
      {control}
      {messages()}
    </div>
  );
}

/** A checkbox with its label beside it, with the same hint and error wiring as FormField. */
export function CheckboxField(props: FieldProps) {
  const { control, messages } = wireControl(props);
  return (
    <div className={cn('flex flex-col gap-1.5', props.className)}>
      <div className="flex items-start gap-3">
        {control}
        <Label htmlFor={props.id} className="pt-0.5 leading-snug">
          {props.label}
        </Label>
      </div>
      {messages('pl-8')}
    </div>
  );
}
