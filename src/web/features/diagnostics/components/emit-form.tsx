import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { echoEventName } from '#shared/realtime.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { getSocket } from '#web/lib/socket.ts';
import { describePayload, type LogKind } from '../hooks/use-socket-event-log.ts';
import { Panel } from './panel.tsx';

export const ACK_TIMEOUT_MS = 5000;

// The payload is not limited here on purpose: the server's own validation (1–500 characters for
// the echo event) should be testable from this page, and its refusal shows up as an ack.
const emitSchema = z.object({
  event: z.string().trim().min(1, 'Enter an event name'),
  text: z.string(),
});
type EmitValues = z.infer<typeof emitSchema>;

export function EmitForm({ connected, log }: { connected: boolean; log: (kind: LogKind, detail: string) => void }) {
  const form = useForm<EmitValues>({
    resolver: zodResolver(emitSchema),
    defaultValues: { event: echoEventName, text: 'Hello from the realtime test page' },
  });

  const onSubmit = form.handleSubmit(({ event, text }) => {
    const socket = getSocket();
    if (!socket.connected) {
      log('info', `Not sent: "${event}" needs a connection. Select Connect first.`);
      return;
    }
    const payload = { text };
    const sentAt = performance.now();
    log('emit', `Sent "${event}" ${describePayload(payload)} (waiting up to ${ACK_TIMEOUT_MS / 1000} s for an ack)`);
    socket.timeout(ACK_TIMEOUT_MS).emit(event, payload, (err: Error | null, ack: unknown) => {
      const ms = Math.round(performance.now() - sentAt);
      if (err) log('timeout', `No ack for "${event}" within ${ACK_TIMEOUT_MS / 1000} s`);
      else log('ack', `Ack for "${event}" after ${ms} ms: ${describePayload(ack)}`);
    });
  });

  return (
    <Panel title="Send a test event">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <FormField
          id="emit-event"
          label="Event name"
          hint={`"${echoEventName}" is echoed back by the server as an ack.`}
          error={form.formState.errors.event?.message}
        >
          <Input autoComplete="off" spellCheck={false} {...form.register('event')} />
        </FormField>
        <FormField id="emit-text" label="Text payload" hint="Sent as { text }.">
          <Input autoComplete="off" {...form.register('text')} />
        </FormField>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit">
            <Send aria-hidden="true" className="size-4" />
            Send event
          </Button>
          {connected ? null : (
            <p className="text-sm text-slate-600">Connect first: events are only sent while connected.</p>
          )}
        </div>
      </form>
    </Panel>
  );
}
