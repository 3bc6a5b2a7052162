import { useQuery } from '@tanstack/react-query';
import { MessagesSquare } from 'lucide-react';
import { useState } from 'react';
import type { AdminConversationPage } from '#shared/admin-packages.ts';
import { adminPackageQueries } from '#web/api/admin-packages.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { ErrorState } from '#web/components/ui/states.tsx';
import { errorMessage } from '#web/lib/errors/describe-error.ts';
import { formatDateTime } from '#web/lib/format.ts';

/**
 * The sender's and the traveler's conversation, read-only, loaded only when the administrator asks:
 * each page read is written to the audit log, and the button says so first.
 */
export function PackageConversation({ packageId }: { packageId: string }) {
  const [cursors, setCursors] = useState<(string | null)[] | null>(null);
  if (cursors === null) {
    return (
      <div className="flex flex-col items-start gap-2">
        <p className="text-sm text-slate-600">
          Private messages: reading them is recorded in the audit log, with your name.
        </p>
        <Button variant="secondary" onClick={() => setCursors([null])}>
          <MessagesSquare aria-hidden="true" className="size-4" />
          Show conversation
        </Button>
      </div>
    );
  }
  return (
    <ol aria-label="Messages, oldest first" className="flex flex-col gap-3">
      {cursors.map((cursor, index) => (
        <ConversationPage
          key={cursor ?? 'first'}
          packageId={packageId}
          cursor={cursor}
          last={index === cursors.length - 1}
          onMore={(next) => setCursors([...cursors, next])}
        />
      ))}
    </ol>
  );
}

function ConversationPage({
  packageId,
  cursor,
  last,
  onMore,
}: {
  packageId: string;
  cursor: string | null;
  last: boolean;
  onMore: (cursor: string) => void;
}) {
  const query = useQuery(adminPackageQueries.conversation(packageId, cursor));
  if (query.status === 'pending') {
    return (
      <li aria-busy="true">
        <span className="sr-only">Loading messages</span>
        <Skeleton className="h-16 w-full" />
      </li>
    );
  }
  if (query.status === 'error') {
    return (
      <li>
        <ErrorState title="The conversation could not be read" headingLevel={3} onRetry={() => void query.refetch()}>
          {errorMessage(query.error)}
        </ErrorState>
      </li>
    );
  }
  const page: AdminConversationPage = query.data;
  const nameOf = (id: string) => page.participants.find((p) => p.id === id)?.name ?? 'Someone';
  if (cursor === null && page.items.length === 0) {
    return <li className="text-sm text-slate-600">No messages yet.</li>;
  }
  return (
    <>
      {page.items.map((m) => (
        <li key={m.id} className="rounded-md border border-slate-200 bg-white p-3">
          <p className="text-sm">
            <span className="font-medium text-slate-900">{nameOf(m.senderId)}</span>{' '}
            <time dateTime={m.createdAt} className="text-slate-600">
              {formatDateTime(m.createdAt)}
            </time>
          </p>
          <p className="mt-1 whitespace-pre-wrap break-words text-slate-800">{m.content}</p>
        </li>
      ))}
      {last && page.nextCursor ? (
        <li>
          <Button variant="secondary" onClick={() => (page.nextCursor ? onMore(page.nextCursor) : undefined)}>
            Show later messages
          </Button>
        </li>
      ) : null}
    </>
  );
}
