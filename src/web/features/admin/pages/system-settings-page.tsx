import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { type UseFormReturn, useForm } from 'react-hook-form';
import type { AdminSettings } from '#shared/admin-settings.ts';
import { formatMoney } from '#shared/money.ts';
import { type SettingKey, type Settings, settingsConflicts, settingsSchema } from '#shared/settings.ts';
import { adminSettingsKeys, adminSettingsQueries, changeSettings } from '#web/api/admin-settings.ts';
import { settingsKeys } from '#web/api/settings.ts';
import { CheckboxField, FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { ErrorState } from '#web/components/ui/states.tsx';
import { TextLink } from '#web/components/ui/text-link.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { fieldErrors } from '#web/lib/errors/describe-error.ts';
import { formatDateTime } from '#web/lib/format.ts';
import { ReasonDialog } from '../components/reason-dialog.tsx';
import { parseMajorAmount } from '../lib/amounts.ts';

// /admin/system-settings (docs/product.md §10): every rule of the marketplace with its value, its
// default and its last change; a save of the changed ones with a reason, checked here as the server
// checks it (each setting, then all together). The change is in force from the next request.

type Kind = 'percent' | 'money' | 'count' | 'number' | 'words' | 'switch' | 'text';
type Editable = Exclude<SettingKey, 'currency'>;
interface Field {
  key: Editable;
  label: string;
  hint: string;
  kind: Kind;
  unit?: string;
}

const groups: { title: string; fields: Field[] }[] = [
  {
    title: 'Platform fee',
    fields: [
      {
        key: 'feePercent',
        label: 'Fee',
        hint: 'A share of the reward, added to what the sender pays.',
        kind: 'percent',
        unit: '%',
      },
      { key: 'feeMinimum', label: 'Minimum fee', hint: 'The fee is never less than this.', kind: 'money' },
    ],
  },
  {
    title: 'Packages',
    fields: [
      { key: 'rewardMin', label: 'Lowest reward', hint: 'A sender may not offer less.', kind: 'money' },
      { key: 'rewardMax', label: 'Highest reward', hint: 'A sender may not offer more.', kind: 'money' },
      { key: 'weightMinGrams', label: 'Lightest package', hint: 'In grams.', kind: 'count', unit: 'g' },
      { key: 'weightMaxGrams', label: 'Heaviest package', hint: 'In grams.', kind: 'count', unit: 'g' },
      {
        key: 'minDistanceKm',
        label: 'Shortest trip',
        hint: 'Pickup and drop-off at least this far apart.',
        kind: 'number',
        unit: 'km',
      },
      { key: 'maxPhotos', label: 'Photos per package', hint: 'From 0 to 20.', kind: 'count' },
      {
        key: 'prohibitedWords',
        label: 'Prohibited words',
        hint: 'One per line. A title, description or note containing one is refused.',
        kind: 'words',
      },
    ],
  },
  {
    title: 'Matching and completion',
    fields: [
      {
        key: 'matchRadiusKm',
        label: 'Matching radius',
        hint: 'Around a trip’s start and end, unless the traveler asks for another.',
        kind: 'number',
        unit: 'km',
      },
      {
        key: 'matchRadiusMaxKm',
        label: 'Largest matching radius',
        hint: 'The most a traveler may ask for.',
        kind: 'number',
        unit: 'km',
      },
      {
        key: 'autoCompleteDays',
        label: 'Days before completion',
        hint: 'A delivered package completes after this many days without a dispute.',
        kind: 'count',
        unit: 'days',
      },
    ],
  },
  {
    title: 'Verification',
    fields: [
      {
        key: 'sendersNeedVerifiedProfile',
        label: 'Senders need a verified profile',
        hint: 'Off: paying for a package and inviting travelers need a confirmed e-mail and mobile number only. Carrying always needs the identity check.',
        kind: 'switch',
      },
      {
        key: 'kycAttemptsPer30Days',
        label: 'Identity checks per member',
        hint: 'Starts allowed in any 30 days; each one costs at the verification partner. From 1 to 50.',
        kind: 'count',
      },
      {
        key: 'kycRetryHours',
        label: 'Wait after a declined check',
        hint: 'Hours before a declined member may start again; 0 lets them at once.',
        kind: 'count',
        unit: 'hours',
      },
    ],
  },
  {
    title: 'Maintenance notice',
    fields: [
      {
        key: 'maintenanceOn',
        label: 'Show the notice on every page',
        hint: 'Members and visitors see it at the top of every page.',
        kind: 'switch',
      },
      {
        key: 'maintenanceText',
        label: 'Notice',
        hint: 'Up to 300 characters, e.g. “Payments pause tonight 22:00–23:00 UTC.”',
        kind: 'text',
      },
    ],
  },
];
const fields = groups.flatMap((g) => g.fields);

type FormValues = Record<Editable, string | boolean>;

function toForm(values: Settings): FormValues {
  const form = {} as FormValues;
  for (const f of fields) {
    const value = values[f.key];
    if (f.kind === 'money') form[f.key] = (Number(value) / 100).toFixed(2);
    else if (f.kind === 'words') form[f.key] = (value as string[]).join('\n');
    else if (f.kind === 'switch') form[f.key] = Boolean(value);
    else form[f.key] = String(value);
  }
  return form;
}

/** One field as the contract has it; null when the text is not a value of its kind at all. */
function parseField(f: Field, raw: string | boolean): unknown {
  if (f.kind === 'switch') return Boolean(raw);
  const text = String(raw).trim();
  if (f.kind === 'text') return text;
  if (f.kind === 'words')
    return [
      ...new Set(
        text
          .split('\n')
          .map((w) => w.trim())
          .filter(Boolean),
      ),
    ];
  if (f.kind === 'money') return parseMajorAmount(text);
  if (f.kind === 'count') return /^\d+$/.test(text) ? Number(text) : null;
  return /^\d+([.,]\d+)?$/.test(text) ? Number(text.replace(',', '.')) : null;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The settings the form changes from those in force, checked one by one and all together; the
 * errors go on their fields. Null when something must be fixed first.
 */
function changedValues(form: UseFormReturn<FormValues>, current: Settings): Partial<Settings> | null {
  const values = form.getValues();
  const changed: Record<string, unknown> = {};
  let valid = true;
  for (const f of fields) {
    const parsed = parseField(f, values[f.key]);
    const checked = parsed === null ? null : settingsSchema.shape[f.key].safeParse(parsed);
    if (!checked?.success) {
      form.setError(f.key, { message: checked?.error.issues[0]?.message ?? 'Enter a number' });
      valid = false;
    } else if (!same(checked.data, current[f.key])) changed[f.key] = checked.data;
  }
  if (!valid) return null;
  const conflicts = settingsConflicts({ ...current, ...changed } as Settings);
  for (const [key, message] of Object.entries(conflicts)) form.setError(key as Editable, { message });
  return Object.keys(conflicts).length > 0 ? null : (changed as Partial<Settings>);
}

function display(f: Field, value: unknown, currency: Settings['currency']): string {
  if (f.kind === 'money') return formatMoney(Number(value), currency);
  if (f.kind === 'switch') return value ? 'on' : 'off';
  if (f.kind === 'words') return `${(value as string[]).length} words`;
  if (f.kind === 'text') return value ? `“${value}”` : 'none';
  return `${value}${f.unit ? ` ${f.unit}` : ''}`;
}

export default function SystemSettingsPage() {
  const query = useQuery(adminSettingsQueries.all());
  if (query.status === 'pending') {
    return (
      <>
        <PageHeader lead="The marketplace’s rules, in force on every server from the next request once saved." />
        <div className="flex flex-col gap-4" aria-busy="true">
          <span className="sr-only">Loading the settings…</span>
          <Skeleton className="h-40" />
          <Skeleton className="h-64" />
        </div>
      </>
    );
  }
  if (query.status === 'error') {
    return <ErrorState title="The settings could not be loaded" onRetry={() => void query.refetch()} />;
  }
  return <SettingsForm data={query.data} />;
}

function SettingsForm({ data }: { data: AdminSettings }) {
  const client = useQueryClient();
  const form = useForm<FormValues>({ defaultValues: toForm(data.values) });
  const [notice, setNotice] = useState<string | null>(null);
  const lastChange = new Map(data.changes.map((c) => [c.key, c]));
  const { reset } = form;
  useEffect(() => reset(toForm(data.values)), [data, reset]);

  const save = useMutation({
    mutationFn: changeSettings,
    onSuccess: async (next) => {
      client.setQueryData(adminSettingsKeys.all, next);
      await client.invalidateQueries({ queryKey: settingsKeys.all });
    },
  });

  // What the dialog will save: fixed when it opens, so edits behind it cannot slip in unseen.
  const pending = useRef<Partial<Settings>>({});
  const canOpen = () => {
    form.clearErrors();
    setNotice(null);
    const changed = changedValues(form, data.values);
    if (!changed) {
      setNotice('Some settings need fixing first: they are marked below.');
      return false;
    }
    if (Object.keys(changed).length === 0) {
      setNotice('Nothing has changed yet.');
      return false;
    }
    pending.current = changed;
    return true;
  };

  const confirm = async (reason: string) => {
    try {
      await save.mutateAsync({ values: pending.current, reason });
    } catch (err) {
      const fields = fieldErrors(err);
      const named = Object.entries(fields).filter(([key]) => key.startsWith('values.'));
      for (const [key, message] of named) form.setError(key.slice('values.'.length) as Editable, { message });
      if (named.length > 0) setNotice('Some settings need fixing first: they are marked below.');
      throw err;
    }
  };

  return (
    <>
      <PageHeader
        lead="The marketplace’s rules, in force on every server from the next request once saved."
        actions={
          <ReasonDialog
            trigger="Save changes"
            tone="primary"
            canOpen={canOpen}
            title="Save these settings?"
            description="They apply to every member from the next request. The reason goes in the audit log with each change."
            confirm="Save changes"
            busyLabel="Saving…"
            done="Settings saved. They are in force now."
            onConfirm={confirm}
          />
        }
      />
      <div role="status" aria-live="polite">
        {notice ? (
          <p className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">{notice}</p>
        ) : null}
      </div>
      <form
        noValidate
        aria-label="System settings"
        className="flex flex-col gap-6"
        onSubmit={(e) => e.preventDefault()}
      >
        {groups.map((group) => (
          <fieldset key={group.title} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
            <legend className="px-1 text-lg font-semibold text-slate-900">{group.title}</legend>
            <div className="mt-2 grid gap-5 md:grid-cols-2">
              {group.fields.map((f) => {
                const id = `setting-${f.key}`;
                const change = lastChange.get(f.key);
                const hint = (
                  <>
                    {f.hint} Default: {display(f, data.defaults[f.key], data.values.currency)}.
                    {change ? (
                      <>
                        {' '}
                        Changed {formatDateTime(change.at)}
                        {change.by ? ` by ${change.by.name}` : ''}.
                      </>
                    ) : null}
                  </>
                );
                const error = form.formState.errors[f.key]?.message;
                if (f.kind === 'switch') {
                  return (
                    <div key={f.key} className="md:col-span-2">
                      <CheckboxField id={id} label={f.label} hint={hint} error={error}>
                        <input type="checkbox" className="size-4" {...form.register(f.key)} />
                      </CheckboxField>
                    </div>
                  );
                }
                return (
                  <div key={f.key} className={f.kind === 'words' || f.kind === 'text' ? 'md:col-span-2' : undefined}>
                    <FormField id={id} label={f.unit ? `${f.label} (${f.unit})` : f.label} hint={hint} error={error}>
                      {f.kind === 'words' ? (
                        <Textarea rows={6} {...form.register(f.key)} />
                      ) : f.kind === 'text' ? (
                        <Textarea rows={2} maxLength={300} {...form.register(f.key)} />
                      ) : (
                        <Input inputMode="decimal" autoComplete="off" {...form.register(f.key)} />
                      )}
                    </FormField>
                  </div>
                );
              })}
            </div>
          </fieldset>
        ))}
      </form>
      <p className="mt-6 text-sm text-slate-600">
        Currency: {data.values.currency}. Every change is in the{' '}
        <TextLink to="/admin/audit-log?action=setting.change">audit log</TextLink>, with who made it and why.
      </p>
    </>
  );
}
