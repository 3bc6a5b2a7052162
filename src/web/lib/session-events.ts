import { focusManager } from '@tanstack/react-query';

// Other tabs of the same browser hear about a sign-in or sign-out at once through a
// BroadcastChannel; a session ended elsewhere (expiry, revocation, another device) is caught when the
// tab is looked at again, since TanStack Query only watches visibilitychange by default.

const CHANNEL = 'tagalong-session';

export function announceSessionChange() {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage('changed');
  channel.close();
}

export function onSessionChangeElsewhere(listener: () => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => {};
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = () => listener();
  return () => channel.close();
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
