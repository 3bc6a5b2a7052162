import { Button } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/cn.ts';
import type { LogEntry, LogKind } from '../hooks/use-socket-event-log.ts';
import { Panel } from './panel.tsx';

const kindStyle: Record<LogKind, string> = {
  connect: 'bg-green-100 text-green-900',
  upgrade: 'bg-green-100 text-green-900',
  ack: 'bg-green-100 text-green-900',
  disconnect: 'bg-amber-100 text-amber-900',
  timeout: 'bg-amber-100 text-amber-900',
  connect_error: 'bg-red-100 text-red-900',
  emit: 'bg-slate-100 text-slate-800',
  event: 'bg-sky-100 text-sky-900',
  info: 'bg-slate-100 text-slate-800',
};

const timeFormat = new Intl.DateTimeFormat(undefined, {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  fractionalSecondDigits: 3,
});

export function EventLog({ entries, onClear }: { entries: LogEntry[]; onClear: () => void }) {
  return (
    <Panel
      title="Event log"
      actions={
        <Button variant="secondary" size="sm" onClick={onClear}>
          Clear log
        </Button>
      }
    >
      <p className="mb-3 text-sm text-slate-600">Newest first. Events are logged from the moment this page opened.</p>
      <div
        role="log"
        aria-label="Socket events"
        // A scrolling region has to take focus so it can be scrolled by keyboard.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: see above
        tabIndex={0}
        className="max-h-[28rem] overflow-y-auto rounded-md border border-slate-200"
      >
        {entries.length === 0 ? (
          <p className="p-4 text-sm text-slate-600">
            No events yet. Connect, disconnect or send a test event to see them here.
          </p>
        ) : (
          <ol className="divide-y divide-slate-200" data-testid="event-log">
            {entries.map((entry) => (
              <li key={entry.id} className="flex flex-col gap-1 p-3 text-sm sm:flex-row sm:items-start sm:gap-3">
                <span className="flex shrink-0 items-center gap-2">
                  <time dateTime={entry.at.toISOString()} className="font-mono text-xs text-slate-600">
                    {timeFormat.format(entry.at)}
                  </time>
                  <span className={cn('rounded px-1.5 py-0.5 font-mono text-xs', kindStyle[entry.kind])}>
                    {entry.kind}
                  </span>
                </span>
                <span className="min-w-0 break-words font-mono text-slate-900">{entry.detail}</span>
              </li>
            ))}
          </ol>
        )}
      </div>
    </Panel>
  );
}
