import { type RefObject, useLayoutEffect, useRef } from 'react';

/** How close to the bottom still counts as "reading the latest" (px). */
const NEAR_BOTTOM = 120;

/** The box after the last change of messages. */
interface Snapshot {
  top: number;
  height: number;
  client: number;
}

const snap = (el: HTMLElement): Snapshot => ({ top: el.scrollTop, height: el.scrollHeight, client: el.clientHeight });

/**
 * Scrolling of a conversation shown oldest at the top, newest at the bottom:
 * - opened: at the bottom (the latest message);
 * - older messages loaded above: nothing moves (loading older ones suppresses scrolling);
 * - a new message below: followed if the reader was at the bottom or sent it, else left alone.
 */
export function useScrollKeeper(
  scroller: RefObject<HTMLElement | null>,
  {
    newestId,
    oldestId,
    newestIsMine,
  }: { newestId: string | undefined; oldestId: string | undefined; newestIsMine: boolean },
) {
  const last = useRef<Snapshot | null>(null);
  const seen = useRef<{ newest?: string; oldest?: string }>({});

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || newestId === undefined) return;
    // The DOM holds the new messages already; scrollTop is still where the reader left it (scroll
    // anchoring is off on the box), and the height before is the one noted after the last change.
    const before = last.current && { ...last.current, top: el.scrollTop };
    const { newest, oldest } = seen.current;
    if (newest === undefined || !before) {
      el.scrollTop = el.scrollHeight;
    } else if (newestId === newest && oldestId !== oldest) {
      el.scrollTop = before.top + (el.scrollHeight - before.height);
    } else if (newestId !== newest) {
      const atBottom = before.height - before.top - before.client <= NEAR_BOTTOM;
      if (atBottom || newestIsMine) el.scrollTop = el.scrollHeight;
    }
    seen.current = { newest: newestId, oldest: oldestId };
    last.current = snap(el);
  }, [scroller, newestId, oldestId, newestIsMine]);
}
