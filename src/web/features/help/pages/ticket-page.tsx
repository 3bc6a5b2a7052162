import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import {
  SUPPORT_LIMITS,
  supportTopicLabels,
  type Ticket,
  type TicketReply,
  ticketReplySchema,
} from '#shared/support.ts';
import { replyToTicket, supportKeys, supportQueries } from '#web/api/support.ts';
import { TicketStatusBadge, TicketThread } from '#web/components/support-ticket/ticket-thread.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { PageSpinner } from '#web/components/ui/spinner.tsx';
import { EmptyState, ErrorState } from '#web/components/ui/states.tsx';
import { TextLink } from '#web/components/ui/text-link.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { errorMessage, errorStatus, fieldErrors } from '#web/lib/errors/describe-error.ts';
import { formatDateTime } from '#web/lib/format.ts';
import { showToast } from '#web/lib/toasts.ts';

// /user/help-center/{id}: one of the member's conversations with the team (docs/product.md §13),
// and more to say; writing again puts it back in the team's queue, closed or not.

export default function TicketPage() {
  const { id = '' } = useParams();
  const query = useQuery(supportQueries.ticket(id));

  if (query.status === 'pending') return <PageSpinner label="Loading the conversation" />;
  if (query.status === 'error') {
    const status = errorStatus(query.error);
    return (
      <>
        <PageHeader />
        {status === 404 || status === 400 ? (
          <EmptyState
            title="There is no such conversation"
            action={
              <Button asChild variant="secondary">
                <Link to="/user/help-center">Your conversations</Link>
              </Button>
            }
          >
            {errorMessage(query.error)}
          </EmptyState>
        ) : (
          <ErrorState title="We couldn't load this conversation" onRetry={() => void query.refetch()}>
            Check your connection and try again.
          </ErrorState>
        )}
      </>
    );
  }
  const ticket = query.data;
  return (
    <>
      <PageHeader
        title={`Conversation #${ticket.number}`}
        lead={
          <span className="inline-flex flex-wrap items-center gap-2">
            <TicketStatusBadge status={ticket.status} audience="author" />
            {supportTopicLabels[ticket.topic]} · started {formatDateTime(ticket.createdAt)}
          </span>
        }
      />
      <div className="flex max-w-3xl flex-col gap-6">
        {ticket.packageId ? (
          <p className="text-slate-700">
            About <TextLink to={`/user/packages/${ticket.packageId}`}>this package</TextLink>.
          </p>
        ) : null}
        <section aria-labelledby="ticket-messages">
          <h2 id="ticket-messages" className="mb-3 text-lg font-semibold text-slate-900">
            Messages
          </h2>
          <TicketThread messages={ticket.messages} author="You" />
        </section>
        <ReplyForm ticket={ticket} />
        <p className="text-sm text-slate-600">
          <TextLink to="/user/help-center">Back to your conversations</TextLink>
        </p>
      </div>
    </>
  );
}

function ReplyForm({ ticket }: { ticket: Ticket }) {
  const client = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<TicketReply>({ resolver: zodResolver(ticketReplySchema), defaultValues: { message: '' } });
  const { errors } = form.formState;
  const message = form.watch('message') ?? '';
  const reply = useMutation({
    mutationFn: (body: TicketReply) => replyToTicket(ticket.id, body),
    onSuccess: async (next) => {
      client.setQueryData(supportKeys.ticket(ticket.id), next);
      await client.invalidateQueries({ queryKey: supportKeys.lists() });
    },
  });

  const onSubmit = form.handleSubmit(async (body) => {
    if (reply.isPending) return;
    setFormError(null);
    try {
      await reply.mutateAsync(body);
      form.reset({ message: '' });
      showToast('Message sent. We answer here and by e-mail.', 'success');
    } catch (err) {
      const field = fieldErrors(err).message;
      if (field) form.setError('message', { message: field }, { shouldFocus: true });
      else setFormError(errorMessage(err));
    }
  });

  const closed = ticket.status === 'closed';
  return (
    <section aria-labelledby="ticket-reply" className="rounded-lg border border-slate-200 bg-white p-4 sm:p-5">
      <h2 id="ticket-reply" className="text-lg font-semibold text-slate-900">
        {closed ? 'Write again' : 'Add a message'}
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {closed
          ? 'This conversation is closed. Writing again reopens it, and our team sees it in their queue.'
          : 'Our team sees it with the rest of the conversation.'}
      </p>
      <form onSubmit={onSubmit} noValidate aria-label="Reply to the team" className="mt-4 flex flex-col gap-4">
        <FormField
          id="ticket-reply-message"
          label="Your message"
          required
          hint={`At least ${SUPPORT_LIMITS.messageMin} characters; ${message.length} of ${SUPPORT_LIMITS.messageMax}.`}
          error={errors.message?.message}
        >
          <Textarea rows={4} maxLength={SUPPORT_LIMITS.messageMax} {...form.register('message')} />
        </FormField>
        <FormAlert message={formError} />
        <div>
          <Button type="submit" aria-disabled={reply.isPending || undefined}>
            {reply.isPending ? 'Sending…' : 'Send'}
          </Button>
        </div>
      </form>
    </section>
  );
}
