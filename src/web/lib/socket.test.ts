import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** Just what socket.ts uses of a socket.io-client socket; `active` is false after a refused handshake. */
class FakeSocket extends EventEmitter {
  active = false;
  connected = false;
  id = 'socket-1';
  io = { on() {}, off() {}, engine: { transport: { name: 'websocket' }, once() {} } };
  connect = vi.fn(() => {
    this.active = true;
    return this;
  });
  disconnect = vi.fn(() => {
    this.active = false;
    this.connected = false;
    return this;
  });
  /** The server's handshake middleware said no: socket.io-client gives up (inactive). */
  refuse() {
    this.active = false;
    this.emit('connect_error', new Error('handshake failed'));
  }
  /** The transport failed: socket.io-client keeps retrying by itself (still active). */
  lose() {
    this.emit('connect_error', new Error('xhr poll error'));
  }
  accept() {
    this.connected = true;
    this.emit('connect');
  }
}

let fake: FakeSocket;
vi.mock('socket.io-client', () => ({ io: () => fake }));

async function freshSocketModule() {
  vi.resetModules();
  return import('./socket.ts');
}

describe('the tab socket', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    fake = new FakeSocket();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('tries a refused handshake again, later each time, until it is accepted', async () => {
    const socket = await freshSocketModule();
    vi.spyOn(Math, 'random').mockReturnValue(0);
    socket.reconnectSocket();
    expect(fake.connect).toHaveBeenCalledTimes(1);

    fake.refuse();
    vi.advanceTimersByTime(999);
    expect(fake.connect).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(fake.connect).toHaveBeenCalledTimes(2);

    fake.refuse();
    vi.advanceTimersByTime(1999);
    expect(fake.connect).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(1);
    expect(fake.connect).toHaveBeenCalledTimes(3);

    fake.accept();
    // Accepted: the next refusal starts again from one second.
    fake.disconnect();
    fake.refuse();
    vi.advanceTimersByTime(1000);
    expect(fake.connect).toHaveBeenCalledTimes(4);
    vi.mocked(Math.random).mockRestore();
  });

  it('leaves a lost transport to socket.io-client, which retries by itself', async () => {
    const socket = await freshSocketModule();
    socket.reconnectSocket();
    fake.lose();
    vi.advanceTimersByTime(60_000);
    expect(fake.connect).toHaveBeenCalledTimes(1);
  });

  it('drops a pending retry when the tab reconnects as a new identity', async () => {
    const socket = await freshSocketModule();
    socket.reconnectSocket();
    fake.refuse();
    socket.reconnectSocket();
    expect(fake.connect).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(60_000);
    expect(fake.connect).toHaveBeenCalledTimes(2);
  });

  it('waits at most 30 s and a quarter between tries', async () => {
    const { handshakeRetryDelayMs } = await freshSocketModule();
    expect(handshakeRetryDelayMs(0, () => 0)).toBe(1000);
    expect(handshakeRetryDelayMs(3, () => 0)).toBe(8000);
    expect(handshakeRetryDelayMs(20, () => 0)).toBe(30_000);
    expect(handshakeRetryDelayMs(20, () => 1)).toBe(37_500);
  });
});
