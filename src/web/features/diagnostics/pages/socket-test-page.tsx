import { Plug, Unplug } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { getSocket, useConnectionState } from '#web/lib/socket.ts';
import { EmitForm } from '../components/emit-form.tsx';
import { EventLog } from '../components/event-log.tsx';
import { RealtimePanel } from '../components/realtime-panel.tsx';
import { useSocketEventLog } from '../hooks/use-socket-event-log.ts';

export default function SocketTestPage() {
  const state = useConnectionState();
  const { entries, add, clear } = useSocketEventLog();

  // The buttons stay enabled (a disabled button would drop keyboard focus); a no-op is logged instead.
  const connect = () => {
    const socket = getSocket();
    if (socket.connected) return add('info', 'Already connected');
    add('info', 'Connecting…');
    socket.connect();
  };
  const disconnect = () => {
    const socket = getSocket();
    if (socket.connected) return void socket.disconnect();
    if (!socket.active) return add('info', 'Already disconnected');
    socket.disconnect();
    add('info', 'Stopped trying to connect');
  };

  return (
    <>
      <PageHeader
        lead="The live connection this tab shares with the server: its state and transport, everything it sends and receives, and a test event you can send to check the round trip."
        actions={
          <>
            <Button onClick={connect}>
              <Plug aria-hidden="true" className="size-4" />
              Connect
            </Button>
            <Button variant="secondary" onClick={disconnect}>
              <Unplug aria-hidden="true" className="size-4" />
              Disconnect
            </Button>
          </>
        }
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <RealtimePanel />
        <EmitForm connected={state.connected} log={add} />
        <div className="lg:col-span-2">
          <EventLog entries={entries} onClear={clear} />
        </div>
      </div>
    </>
  );
}
