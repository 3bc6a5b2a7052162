import type { ComponentProps, CSSProperties } from 'react';
import { Toaster as SonnerToaster } from 'sonner';
import { TOAST_DURATION_MS } from '#web/lib/toasts.ts';

// Sonner's rich colours put 13px text at 3.1–4.4:1 on their tinted backgrounds, below WCAG AA
// (axe flags them); these Tailwind 800 shades keep the same hues at 7:1 or more.
const accessibleColours = {
  '--success-text': '#166534',
  '--info-text': '#1e40af',
  '--warning-text': '#92400e',
  '--error-text': '#991b1b',
} as CSSProperties;

/** The app's one toast outlet (mount it once, at the root); showToast() in #web/lib/toasts.ts feeds it. */
export function Toaster({ style, ...props }: ComponentProps<typeof SonnerToaster>) {
  return (
    <SonnerToaster
      duration={TOAST_DURATION_MS}
      // Below, never over, the header's bell and account menu (whatever height the header wraps to).
      position="bottom-right"
      closeButton
      // Side by side rather than stacked: a toast half-hidden behind another is unreadable, and its
      // faded text fails the contrast the colours below are chosen for.
      expand
      richColors
      style={{ ...accessibleColours, ...style }}
      {...props}
    />
  );
}
