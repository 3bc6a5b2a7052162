import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  BROADCAST_LIMITS,
  type BroadcastDraft,
  type BroadcastSegment,
  type BroadcastSegmentKind,
  broadcastDraftSchema,
  broadcastSegmentKinds,
  broadcastSegmentLabels,
  broadcastSegmentSchema,
} from '#shared/admin-broadcasts.ts';
import { broadcastQueries, useSendBroadcast } from '#web/api/admin-broadcasts.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '#web/components/ui/dialog.tsx';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { NativeSelect } from '#web/components/ui/select.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { describeError, fieldErrors } from '#web/lib/errors/describe-error.ts';
import { formatCount } from '#web/lib/format.ts';
import { showToast } from '#web/lib/toasts.ts';
import { countryOptions, segmentWords } from './segment-words.ts';

// The compose half of /admin/communications/notifications (docs/product.md §8): a title, a message,
// an optional page of the site and who receives it, with the audience counted as the segment
// changes and once more when the administrator confirms, since that is the number they agree to.

type ComposeValues = { title: string; body: string; link: string; kind: BroadcastSegmentKind; country: string };
type ComposeField = keyof ComposeValues;

const emptyForm: ComposeValues = { title: '', body: '', link: '', kind: 'everyone', country: '' };

/** Select changes come one per option while arrowing through a closed select: count the one kept. */
const PREVIEW_DEBOUNCE_MS = 300;

/** The segment the form describes; a country only matters to the country segment. */
function segmentOf(kind: BroadcastSegmentKind, country: string): BroadcastSegment {
  return kind === 'country' ? { kind, country: country || undefined } : { kind };
}

/** Where a contract path's error goes on this form (the server's `fields` use the same paths). */
function formFieldOf(path: string): ComposeField | null {
  if (path === 'segment.country') return 'country';
  if (path === 'segment' || path === 'segment.kind') return 'kind';
  return path === 'title' || path === 'body' || path === 'link' ? path : null;
}

/** The form checked with the contract's own schema; an empty link is no link. */
const composeSchema = z
  .object({
    title: z.string(),
    body: z.string(),
    link: z.string(),
    kind: broadcastSegmentSchema.shape.kind,
    country: z.string(),
  })
  .transform((values, ctx) => {
    const parsed = broadcastDraftSchema.safeParse({
      title: values.title,
      body: values.body,
      link: values.link.trim() ? values.link : undefined,
      segment: segmentOf(values.kind, values.country),
    });
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      const field = formFieldOf(issue.path.map(String).join('.')) ?? 'title';
      ctx.addIssue({ code: 'custom', path: [field], message: issue.message });
    }
    return z.NEVER;
  });

const members = (n: number) => `${formatCount(n)} ${n === 1 ? 'member' : 'members'}`;

export function BroadcastCompose() {
  const id = useId();
  const client = useQueryClient();
  const send = useSendBroadcast();
  const form = useForm<ComposeValues, unknown, BroadcastDraft>({
    resolver: zodResolver(composeSchema),
    defaultValues: emptyForm,
  });
  const { errors, isSubmitting } = form.formState;
  const [formError, setFormError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<{ draft: BroadcastDraft; count: number } | null>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);
  // A field the server refused, focused once the dialog has handed focus back.
  const focusAfterClose = useRef<ComposeField | null>(null);

  const kind = form.watch('kind');
  const country = form.watch('country');
  const body = form.watch('body');
  const segment = useMemo(() => segmentOf(kind, country), [kind, country]);
  const [settled, setSettled] = useState(segment);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(segment), PREVIEW_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [segment]);
  const checked = broadcastSegmentSchema.safeParse(settled);
  const audience = useQuery({
    ...broadcastQueries.audience(checked.success ? checked.data : settled),
    enabled: checked.success,
  });
  const complete = broadcastSegmentSchema.safeParse(segment).success;
  const counting = settled !== segment || audience.isFetching;

  const preview = () => {
    if (!complete) {
      void form.trigger('country', { shouldFocus: true });
      return;
    }
    if (counting) return;
    void audience.refetch();
  };

  // aria-disabled buttons still fire: a second click while a request is out must not start another.
  const busy = useRef(false);
  const once = async (run: () => Promise<void>) => {
    if (busy.current) return;
    busy.current = true;
    try {
      await run();
    } finally {
      busy.current = false;
    }
  };

  const openConfirm = form.handleSubmit(async (draft) => {
    setFormError(null);
    try {
      // Counted afresh: the dialog states how many it goes to now, not when the segment was chosen.
      const { count } = await client.fetchQuery(broadcastQueries.audience(draft.segment));
      if (count === 0) {
        setFormError('No member is in this audience yet. Choose another audience.');
        return;
      }
      setDialogError(null);
      setConfirming({ draft, count });
    } catch (err) {
      setFormError(describeError(err).message);
    }
  });

  const confirm = async () => {
    if (!confirming) return;
    setDialogError(null);
    try {
      await send.mutateAsync(confirming.draft);
      setConfirming(null);
      form.reset(emptyForm);
      showToast('Broadcast queued', 'success');
    } catch (err) {
      const refused = Object.entries(fieldErrors(err))
        .map(([path, message]) => [formFieldOf(path), message] as const)
        .filter((entry): entry is [ComposeField, string] => entry[0] !== null);
      if (refused.length === 0) {
        setDialogError(describeError(err).message);
        return;
      }
      for (const [field, message] of refused) form.setError(field, { message });
      focusAfterClose.current = refused[0]?.[0] ?? null;
      setConfirming(null);
    }
  };

  const previewText = !complete
    ? 'Choose a country to see how many members it holds.'
    : counting
      ? 'Counting members…'
      : audience.status === 'error'
        ? 'The audience could not be counted. Try “Preview audience” again.'
        : audience.data
          ? `${members(audience.data.count)} will receive it.`
          : '';

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        New broadcast
      </h2>
      <p className="mt-1 max-w-prose text-sm text-slate-600">
        Each member of the audience finds it in their notifications, and by e-mail when their preferences allow.
      </p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void once(() => openConfirm(event));
        }}
        noValidate
        aria-labelledby={`${id}-heading`}
        className="mt-4 flex flex-col gap-5"
      >
        <FormField id={`${id}-title`} label="Title" required error={errors.title?.message}>
          <Input maxLength={BROADCAST_LIMITS.title} autoComplete="off" {...form.register('title')} />
        </FormField>
        <FormField
          id={`${id}-body`}
          label="Message"
          required
          hint={`${formatCount(body.length)} of ${formatCount(BROADCAST_LIMITS.body)} characters.`}
          error={errors.body?.message}
        >
          <Textarea rows={5} maxLength={BROADCAST_LIMITS.body} {...form.register('body')} />
        </FormField>
        <FormField
          id={`${id}-link`}
          label={
            <>
              Link <span className="font-normal text-slate-600">(optional)</span>
            </>
          }
          hint="A page of this site, such as /user/packages/my-packages"
          error={errors.link?.message}
        >
          <Input
            maxLength={BROADCAST_LIMITS.link}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            {...form.register('link')}
          />
        </FormField>
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField id={`${id}-kind`} label="Audience" error={errors.kind?.message}>
            <NativeSelect {...form.register('kind')}>
              {broadcastSegmentKinds.map((k) => (
                <option key={k} value={k}>
                  {broadcastSegmentLabels[k]}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          {kind === 'country' ? (
            <FormField
              id={`${id}-country`}
              label="Country"
              hint="By the calling code of the member’s confirmed mobile number."
              error={errors.country?.message}
            >
              <NativeSelect {...form.register('country')}>
                <option value="">Choose a country</option>
                {countryOptions().map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.label}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
          ) : null}
        </div>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <Button variant="secondary" onClick={preview} aria-disabled={(complete && counting) || undefined}>
            Preview audience
          </Button>
          <p role="status" aria-live="polite" aria-atomic="true" className="text-sm font-medium text-slate-800">
            {previewText}
          </p>
        </div>
        <FormAlert message={formError} />
        <div>
          <Button type="submit" aria-disabled={isSubmitting || undefined}>
            {isSubmitting ? 'Counting…' : 'Send…'}
          </Button>
        </div>
      </form>

      <Dialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open && !send.isPending) setConfirming(null);
        }}
      >
        {confirming ? (
          <DialogContent
            title={`Send to ${members(confirming.count)}?`}
            description={`${segmentWords(confirming.draft.segment)} will find “${confirming.draft.title}” in their notifications. A sent broadcast cannot be taken back.`}
            onCloseAutoFocus={(event) => {
              const field = focusAfterClose.current;
              if (!field) return;
              focusAfterClose.current = null;
              event.preventDefault();
              form.setFocus(field);
            }}
          >
            <FormAlert message={dialogError} />
            <DialogFooter className="mt-4">
              <DialogClose asChild>
                <Button variant="secondary">Keep editing</Button>
              </DialogClose>
              <Button onClick={() => void once(confirm)} aria-disabled={send.isPending || undefined}>
                {send.isPending ? 'Sending…' : 'Send now'}
              </Button>
            </DialogFooter>
          </DialogContent>
        ) : null}
      </Dialog>
    </section>
  );
}
