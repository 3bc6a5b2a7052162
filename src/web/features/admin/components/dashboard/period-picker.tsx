import { type FormEvent, useState } from 'react';
import { dashboardPeriodQuerySchema } from '#shared/admin-dashboard.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { NativeSelect } from '#web/components/ui/select.tsx';
import { type PeriodChoice, type PeriodPreset, periodPresets } from '../../lib/dashboard-period.ts';

const CUSTOM = 'custom';

/** First message per field, keyed "from" / "to", as `fieldErrors` reads a 400. */
type FieldMessages = Partial<Record<'from' | 'to', string>>;

/**
 * A preset, or two days chosen and then shown with a button (a half-typed date would otherwise ask
 * the server for a period nobody meant). `errors` are the server's answer to the period in the URL.
 */
export function PeriodPicker({
  choice,
  range,
  errors,
  onChange,
}: {
  choice: PeriodChoice;
  /** The days the current choice covers, to start the date inputs from. */
  range: { from: string; to: string };
  errors: FieldMessages;
  onChange: (choice: PeriodChoice) => void;
}) {
  const [customOpen, setCustomOpen] = useState(choice.kind === 'custom');
  const [typed, setTyped] = useState(range);
  const [checked, setChecked] = useState<FieldMessages>({});
  // The URL moved under the picker (a preset, Back, the days just shown): show what it now says.
  // Adjusted while rendering rather than by remounting, which would drop the focus.
  const shownKey = `${choice.kind === 'custom' ? 'custom' : choice.preset}:${range.from}/${range.to}`;
  const [shownFor, setShownFor] = useState(shownKey);
  if (shownFor !== shownKey) {
    setShownFor(shownKey);
    setCustomOpen(choice.kind === 'custom');
    setTyped(range);
    setChecked({});
  }
  const custom = customOpen || choice.kind === 'custom';
  const shown = { ...errors, ...checked };

  const choose = (value: string) => {
    setChecked({});
    if (value === CUSTOM) {
      setTyped(range);
      setCustomOpen(true);
      return;
    }
    setCustomOpen(false);
    onChange({ kind: 'preset', preset: value as PeriodPreset });
  };

  // The contract's own rules first, so a reversed or too-long period is said at once; the server
  // checks again (a hand-edited link), and its words come back through `errors`.
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = dashboardPeriodQuerySchema.safeParse(typed);
    if (!parsed.success) {
      const messages: FieldMessages = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'from' || field === 'to') && !messages[field]) messages[field] = issue.message;
      }
      setChecked(messages);
      return;
    }
    setChecked({});
    onChange({ kind: 'custom', ...parsed.data });
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-1.5 sm:max-w-60">
        <Label htmlFor="dashboard-period">Period</Label>
        <NativeSelect
          id="dashboard-period"
          value={choice.kind === 'preset' && !customOpen ? choice.preset : CUSTOM}
          onChange={(event) => choose(event.target.value)}
        >
          {periodPresets.map((preset) => (
            <option key={preset.value} value={preset.value}>
              {preset.label}
            </option>
          ))}
          <option value={CUSTOM}>Choose the days</option>
        </NativeSelect>
      </div>
      {custom ? (
        <form noValidate onSubmit={submit} className="flex flex-wrap items-start gap-3">
          <FormField id="dashboard-from" label="From" error={shown.from} className="w-full sm:w-44">
            <Input
              type="date"
              value={typed.from}
              onChange={(event) => setTyped((t) => ({ ...t, from: event.target.value }))}
            />
          </FormField>
          <FormField id="dashboard-to" label="To" error={shown.to} className="w-full sm:w-44">
            <Input
              type="date"
              value={typed.to}
              onChange={(event) => setTyped((t) => ({ ...t, to: event.target.value }))}
            />
          </FormField>
          <Button type="submit" variant="secondary" className="sm:mt-5">
            Show these days
          </Button>
        </form>
      ) : null}
    </div>
  );
}
