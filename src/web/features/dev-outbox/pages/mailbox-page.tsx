import { RefreshCw } from 'lucide-react';
import { type FormEvent, type ReactNode, useId } from 'react';
import { useSearchParams } from 'react-router';
import { DEV_OUTBOX_LIMIT } from '#shared/dev-outbox.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { EmptyState, ErrorState } from '#web/components/ui/states.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { useOutbox } from '../api/outbox.ts';
import { MessageCard } from '../components/message-card.tsx';

function RecipientFilter({ to, onChange }: { to: string | null; onChange: (to: string | null) => void }) {
  const id = useId();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get('to') ?? '').trim();
    onChange(value || null);
  };
  return (
    <form onSubmit={onSubmit} className="flex flex-wrap items-end gap-2" aria-label="Filter by recipient">
      <FormField id={`${id}-to`} label="Only messages to" className="min-w-60 flex-1">
        <Input
          key={to ?? ''}
          name="to"
          type="search"
          defaultValue={to ?? ''}
          placeholder="E-mail address or phone number"
        />
      </FormField>
      <Button type="submit" variant="secondary">
        Filter
      </Button>
      {to ? (
        <Button variant="ghost" onClick={() => onChange(null)}>
          Show everyone's
        </Button>
      ) : null}
    </form>
  );
}

function LoadingList() {
  return (
    <div className="flex flex-col gap-3">
      <Spinner label="Loading the mailbox" />
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-28 w-full" />
      ))}
    </div>
  );
}

/**
 * Demo mode only: everything the embedded e-mail and SMS providers would have sent, so a person
 * trying the demo can confirm an address, reset a password or read a phone code.
 */
export default function MailboxPage() {
  const [params, setParams] = useSearchParams();
  const to = params.get('to');
  const outbox = useOutbox(to);

  const setRecipient = (value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set('to', value);
        else next.delete('to');
        return next;
      },
      { replace: true },
    );

  let body: ReactNode;
  if (outbox.isPending) body = <LoadingList />;
  else if (outbox.isError)
    body = (
      <ErrorState title="We couldn't open the mailbox" onRetry={() => void outbox.refetch()}>
        Check your connection and try again.
      </ErrorState>
    );
  else {
    const { mail, sms } = outbox.data;
    const whom = to ? ` to ${to}` : '';
    body = (
      <Tabs defaultValue={params.get('tab') === 'sms' ? 'sms' : 'mail'}>
        <TabsList aria-label="Kind of message">
          <TabsTrigger value="mail">E-mail ({mail.length})</TabsTrigger>
          <TabsTrigger value="sms">SMS ({sms.length})</TabsTrigger>
        </TabsList>
        <TabsContent value="mail">
          {mail.length === 0 ? (
            <EmptyState title={`No e-mails${whom} yet`}>
              Confirmation and password-reset e-mails appear here as soon as the app sends them. Refresh to check again.
            </EmptyState>
          ) : (
            <ul className="flex flex-col gap-3" aria-label="E-mails, newest first">
              {mail.map((m) => (
                <MessageCard key={m.id} to={m.to} subject={m.subject} text={m.text} createdAt={m.createdAt} />
              ))}
            </ul>
          )}
        </TabsContent>
        <TabsContent value="sms">
          {sms.length === 0 ? (
            <EmptyState title={`No text messages${whom} yet`}>
              Phone-number codes appear here as soon as the app sends them. Refresh to check again.
            </EmptyState>
          ) : (
            <ul className="flex flex-col gap-3" aria-label="Text messages, newest first">
              {sms.map((s) => (
                <MessageCard key={s.id} to={s.to} text={s.text} createdAt={s.createdAt} />
              ))}
            </ul>
          )}
        </TabsContent>
      </Tabs>
    );
  }

  return (
    <>
      <PageHeader
        lead={`This is a demo server: nothing really leaves it. Every e-mail and text message the app sends is kept here instead (the newest ${DEV_OUTBOX_LIMIT} of each).`}
        actions={
          <Button
            variant="secondary"
            onClick={() => void outbox.refetch()}
            aria-disabled={outbox.isFetching || undefined}
          >
            <RefreshCw
              aria-hidden="true"
              className={outbox.isFetching ? 'size-4 animate-spin motion-reduce:animate-none' : 'size-4'}
            />
            {outbox.isFetching && !outbox.isPending ? 'Refreshing…' : 'Refresh'}
          </Button>
        }
      />
      <div className="flex flex-col gap-6">
        <RecipientFilter to={to} onChange={setRecipient} />
        {body}
      </div>
    </>
  );
}
