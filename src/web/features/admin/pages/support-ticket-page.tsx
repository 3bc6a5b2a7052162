import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import type { z } from 'zod';
import {
  type AdminTicket,
  type AdminTicketReply,
  adminTicketReplySchema,
  SUPPORT_LIMITS,
  supportTopicLabels,
} from '#shared/support.ts';
import { adminSupportQueries } from '#web/api/admin-support.ts';
import { TicketStatusBadge, TicketThread } from '#web/components/support-ticket/ticket-thread.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { CheckboxField, FormField } from '#web/components/ui/form-field.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { EmptyState, ErrorState } from '#web/components/ui/states.tsx';
import { TextLink } from '#web/components/ui/text-link.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { errorMessage, errorStatus, fieldErrors } from '#web/lib/errors/describe-error.ts';
import { useFocusAfterSwap } from '#web/lib/focus-after-swap.ts';
import { formatDateTime } from '#web/lib/format.ts';
import { useSession } from '#web/lib/session.ts';
import { showToast } from '#web/lib/toasts.ts';
import { useAssignTicket, useCloseTicket, useReplyToTicket } from '../api/support-actions.ts';
import { AuditTimeline } from '../components/audit-timeline.tsx';
import { Facts, RecordSection, RecordSkeleton } from '../components/record.tsx';

// One support ticket in the back office (docs/product.md §13): who wrote and about what, the whole
// conversation, and the team's side of it: take it, answer it (closing it at the same time or not),
// close it. Every action is in the ticket's admin history.

export default function SupportTicketPage() {
  const { id = '' } = useParams();
  const query = useQuery(adminSupportQueries.detail(id));

  if (query.status === 'pending') return <RecordSkeleton />;
  if (query.status === 'error') {
    return errorStatus(query.error) === 404 || errorStatus(query.error) === 400 ? (
      <EmptyState
        title="There is no such ticket"
        action={
          <Button asChild variant="secondary">
            <Link to="/admin/support">Back to support</Link>
          </Button>
        }
      />
    ) : (
      <ErrorState title="The ticket could not be loaded" onRetry={() => void query.refetch()} />
    );
  }
  return <TicketRecord ticket={query.data} />;
}

function TicketRecord({ ticket: t }: { ticket: AdminTicket }) {
  const me = useSession().data?.id ?? null;
  const assign = useAssignTicket(t.id);
  const close = useCloseTicket(t.id);
  const reply = useReplyToTicket(t.id);
  const busy = assign.isPending || close.isPending || reply.isPending;
  // The button that ran an action can vanish with it (Assign to me, Close): focus goes to what replaced it.
  const assignFocus = useFocusAfterSwap(t.assignee?.id ?? null);
  const closeFocus = useFocusAfterSwap(t.status);
  const mine = me !== null && t.assignee?.id === me;

  const run = async (action: () => Promise<unknown>, done: string, focus: ReturnType<typeof useFocusAfterSwap>) => {
    if (busy) return;
    focus.arm();
    try {
      await action();
      showToast(done, 'success');
    } catch (err) {
      focus.disarm();
      showToast(errorMessage(err), 'error');
    }
  };

  const from = t.member?.name ?? t.name ?? t.email;
  return (
    <>
      <PageHeader
        title={`Ticket #${t.number}`}
        lead={
          <span ref={closeFocus.ref} tabIndex={-1} className="inline-flex flex-wrap items-center gap-2 outline-none">
            <TicketStatusBadge status={t.status} audience="team" />
            {supportTopicLabels[t.topic]} · opened {formatDateTime(t.createdAt)}
          </span>
        }
        actions={
          <>
            {me !== null && !mine ? (
              <Button
                variant="secondary"
                ref={assignFocus.ref}
                aria-disabled={busy || undefined}
                onClick={() => run(() => assign.mutateAsync({ assigneeId: me }), 'Ticket assigned to you', assignFocus)}
              >
                Assign to me
              </Button>
            ) : null}
            {t.assignee ? (
              <Button
                variant="secondary"
                ref={mine ? assignFocus.ref : undefined}
                aria-disabled={busy || undefined}
                onClick={() => run(() => assign.mutateAsync({ assigneeId: null }), 'Ticket unassigned', assignFocus)}
              >
                Unassign
              </Button>
            ) : null}
            {t.status === 'closed' ? null : (
              <Button
                variant="secondary"
                aria-disabled={busy || undefined}
                onClick={() => run(() => close.mutateAsync(undefined), 'Ticket closed', closeFocus)}
              >
                Close ticket
              </Button>
            )}
          </>
        }
      />
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <RecordSection title="Ticket">
          <Facts
            items={[
              [
                'From',
                t.member ? (
                  <TextLink key="from" to={`/admin/users/${t.member.id}`}>
                    {t.member.name}
                  </TextLink>
                ) : (
                  `${t.name ?? 'A visitor'} (not signed in)`
                ),
              ],
              [
                'E-mail',
                <span key="email" className="break-all">
                  {t.email}
                </span>,
              ],
              ['Topic', supportTopicLabels[t.topic]],
              ['Status', <TicketStatusBadge key="status" status={t.status} audience="team" />],
              ['Assigned to', t.assignee ? (mine ? `${t.assignee.name} (you)` : t.assignee.name) : 'Nobody'],
              [
                'Package',
                t.packageId ? (
                  <TextLink key="package" to={`/admin/packages/${t.packageId}`}>
                    Open the package
                  </TextLink>
                ) : (
                  '—'
                ),
              ],
              ['Opened', formatDateTime(t.createdAt)],
              ['Last message', formatDateTime(t.lastMessageAt)],
              ...(t.closedAt ? [['Closed', formatDateTime(t.closedAt)] as [string, string]] : []),
            ]}
          />
        </RecordSection>
        <div className="flex min-w-0 flex-col gap-4">
          <RecordSection title="Conversation">
            <TicketThread messages={t.messages} author={from} />
          </RecordSection>
          <ReplyForm ticket={t} reply={reply} busy={busy} />
        </div>
      </div>
      <AuditTimeline subjectType="support_ticket" subjectId={t.id} />
    </>
  );
}

type ReplyInput = z.input<typeof adminTicketReplySchema>;

function ReplyForm({
  ticket,
  reply,
  busy,
}: {
  ticket: AdminTicket;
  reply: ReturnType<typeof useReplyToTicket>;
  busy: boolean;
}) {
  const id = useId();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ReplyInput, unknown, AdminTicketReply>({
    resolver: zodResolver(adminTicketReplySchema),
    defaultValues: { message: '', close: false },
  });
  const { errors } = form.formState;
  const message = form.watch('message') ?? '';

  const onSubmit = form.handleSubmit(async (body) => {
    if (busy) return;
    setFormError(null);
    try {
      await reply.mutateAsync(body);
      form.reset({ message: '', close: false });
      showToast(body.close ? 'Answer sent and ticket closed' : 'Answer sent', 'success');
    } catch (err) {
      const field = fieldErrors(err).message;
      if (field) form.setError('message', { message: field }, { shouldFocus: true });
      else setFormError(errorMessage(err));
    }
  });

  const reach = ticket.member ? 'by e-mail and in their notifications' : 'by e-mail';
  return (
    <RecordSection title="Answer">
      <form onSubmit={onSubmit} noValidate aria-label="Answer the ticket" className="flex flex-col gap-4">
        <FormField
          id={`${id}-message`}
          label="Your answer"
          required
          hint={`Sent to ${ticket.email} ${reach}, signed “Tagalong team” with your first name. ${message.length} of ${SUPPORT_LIMITS.messageMax} characters.`}
          error={errors.message?.message}
        >
          <Textarea rows={5} maxLength={SUPPORT_LIMITS.messageMax} {...form.register('message')} />
        </FormField>
        <CheckboxField id={`${id}-close`} label="Close the ticket after sending">
          <input type="checkbox" className="size-4" {...form.register('close')} />
        </CheckboxField>
        <FormAlert message={formError} />
        <div>
          <Button type="submit" aria-disabled={busy || undefined}>
            {reply.isPending ? 'Sending…' : 'Send answer'}
          </Button>
        </div>
      </form>
    </RecordSection>
  );
}
