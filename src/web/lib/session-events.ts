import { focusManager } from '@tanstack/react-query';

// Other tabs of the same browser hear about a sign-in or sign-out at once through a
// BroadcastChannel; a session ended elsewhere (expiry, revocation, another device) is caught when the
// tab is looked at again, since TanStack Query only watches visibilitychange by default.

const CHANNEL = 'tagalong-session';

// One long-lived channel per tab: a channel closed right after posting can drop the message in
// Chromium, and a channel never hears its own messages, so this tab is not told what it did itself.
let channel: BroadcastChannel | null = null;
const listeners = new Set<() => void>();

function getChannel(): BroadcastChannel | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  if (!channel) {
    channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = () => {
      for (const listener of listeners) listener();
    };
  }
  return channel;
}

export function announceSessionChange() {
  getChannel()?.postMessage('changed');
}

export function onSessionChangeElsewhere(listener: () => void): () => void {
  getChannel();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function refetchOnWindowFocus() {
  focusManager.setEventListener((handleFocus) => {
    const onVisibility = () => handleFocus(document.visibilityState === 'visible');
    const onFocus = () => handleFocus(true);
    window.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('focus', onFocus);
    return () => {
      window.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('focus', onFocus);
    };
  });
}
