import { Link } from 'react-router';
import { useConnectionState } from '#web/lib/socket.ts';
import { Fact, FactList } from './fact-list.tsx';
import { Panel } from './panel.tsx';
import { StatusText } from './status-dot.tsx';

/** The shared socket's state; the realtime test page can connect, disconnect and emit. */
export function RealtimePanel({ withLink = false }: { withLink?: boolean }) {
  const state = useConnectionState();
  return (
    <Panel title="Realtime connection">
      <FactList>
        <Fact label="State" testId="connection-state">
          <StatusText good={state.connected}>{state.connected ? 'Connected' : 'Disconnected'}</StatusText>
        </Fact>
        <Fact label="Transport" testId="transport">
          {state.connected ? state.transport : 'N/A'}
        </Fact>
        <Fact label="Socket id" testId="socket-id">
          {state.connected && state.socketId ? state.socketId : 'N/A'}
        </Fact>
      </FactList>
      {withLink ? (
        <p className="mt-4 text-sm">
          <Link to="/test/socket" className="text-brand-700 underline underline-offset-4 hover:text-brand-800">
            Open the realtime test page
          </Link>
        </p>
      ) : null}
    </Panel>
  );
}
