import { useEffect, useMemo, useRef } from 'react';

/**
 * Keeps the keyboard focus when an action swaps the control that ran it for another (an "Offer to
 * carry" button for "Offer sent · Withdraw"): the old control, a dialog's trigger, is gone, so focus
 * would fall to the top of the page. `arm()` before the action (and `disarm()` if it fails); the next
 * time `state` changes, the element given to `ref` takes the focus.
 */
export function useFocusAfterSwap(state: unknown) {
  const target = useRef<HTMLElement | null>(null);
  const armed = useRef(false);
  useEffect(() => {
    if (!armed.current) return;
    armed.current = false;
    // After the closing dialog's own focus return, which Radix runs in a timeout.
    requestAnimationFrame(() => target.current?.focus());
  }, [state]);
  return useMemo(
    () => ({
      ref: (el: HTMLElement | null) => {
        target.current = el;
      },
      arm: () => {
        armed.current = true;
      },
      disarm: () => {
        armed.current = false;
      },
    }),
    [],
  );
}
