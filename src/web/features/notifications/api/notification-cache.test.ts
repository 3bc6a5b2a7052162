import { describe, expect, it } from 'vitest';
import type { NotificationItem } from '#shared/notifications.ts';
import { lowered, type NotificationPages, raised, withNotification, withRead } from './notification-cache.ts';

let n = 0;
function item(over: Partial<NotificationItem> = {}): NotificationItem {
  n += 1;
  return {
    id: `n${n}`,
    type: 'broadcast',
    title: `Title ${n}`,
    body: `Body ${n}`,
    text: `Body ${n}`,
    link: null,
    data: {},
    readAt: null,
    createdAt: '2026-05-01T00:00:00.000Z',
    ...over,
  };
}

const pages = (...items: NotificationItem[][]): NotificationPages => ({
  pages: items.map((page) => ({ items: page, nextCursor: null })),
  pageParams: items.map(() => null),
});

describe('a pushed notification', () => {
  it('goes first in the list, once', () => {
    const old = [item(), item()];
    const pushed = item();
    const next = withNotification(pages(old, [item()]), pushed);
    expect(next?.pages[0]?.items.map((i) => i.id)).toEqual([pushed.id, ...old.map((i) => i.id)]);
    expect(withNotification(next, pushed)).toBe(next);
  });

  it('raises the unread count by one', () => {
    expect(raised({ count: 4 })).toEqual({ count: 5 });
    expect(raised(undefined)).toBeUndefined();
  });
});

describe('marking read', () => {
  it('marks one and says it was newly read; again, it says nothing changed', () => {
    const a = item();
    const b = item();
    const first = withRead(pages([a, b]), a.id, '2026-06-01T00:00:00.000Z');
    expect(first.newlyRead).toBe(1);
    expect(first.data?.pages[0]?.items.map((i) => i.readAt)).toEqual(['2026-06-01T00:00:00.000Z', null]);
    expect(withRead(first.data, a.id, '2026-06-02T00:00:00.000Z').newlyRead).toBe(0);
  });

  it('marks all, keeping the time an old one was read', () => {
    const read = item({ readAt: '2026-01-01T00:00:00.000Z' });
    const { data, newlyRead } = withRead(pages([item()], [read, item()]), null, '2026-06-01T00:00:00.000Z');
    expect(newlyRead).toBe(2);
    expect(data?.pages.flatMap((p) => p.items.map((i) => i.readAt))).toEqual([
      '2026-06-01T00:00:00.000Z',
      '2026-01-01T00:00:00.000Z',
      '2026-06-01T00:00:00.000Z',
    ]);
  });

  it('never lowers the count below zero', () => {
    expect(lowered({ count: 1 }, 3)).toEqual({ count: 0 });
  });
});
