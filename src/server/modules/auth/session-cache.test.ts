import { describe, expect, it } from 'vitest';
import { createSessionCache } from './session-cache.ts';
import type { SessionUser } from './session-user.ts';

function member(id: string): SessionUser {
  return {
    id,
    name: id,
    email: `${id}@example.test`,
    image: null,
    emailVerified: true,
    phoneNumber: null,
    phoneNumberVerified: false,
    kycStatus: 'not_started',
    role: 'user',
    banned: false,
    createdAt: new Date(0),
  };
}

function setUp(options: { ttlMs?: number; max?: number } = {}) {
  let now = 1_000_000;
  const cache = createSessionCache({ ttlMs: options.ttlMs ?? 30_000, max: options.max ?? 100, now: () => now });
  const far = new Date(now + 86_400_000);
  const put = (cookie: string, userId: string, expiresAt = far) =>
    cache.set(cookie, { token: `t-${cookie}`, user: member(userId), expiresAt }, cache.epoch());
  return { cache, put, advance: (ms: number) => (now += ms), at: () => now };
}

describe('session cache', () => {
  it('answers from memory until the time to live is over', () => {
    const { cache, put, advance } = setUp({ ttlMs: 30_000 });
    put('c1', 'ann');
    advance(29_999);
    expect(cache.get('c1')?.id).toBe('ann');
    advance(1);
    expect(cache.get('c1')).toBeUndefined();
  });

  it('never outlives the session itself', () => {
    const { cache, put, advance, at } = setUp({ ttlMs: 30_000 });
    put('c1', 'ann', new Date(at() + 5_000));
    advance(5_000);
    expect(cache.get('c1')).toBeUndefined();
  });

  it('drops every session of a member who changed, and only theirs', () => {
    const { cache, put } = setUp();
    put('c1', 'ann');
    put('c2', 'ann');
    put('c3', 'bob');
    cache.forgetUser('ann');
    expect([cache.get('c1'), cache.get('c2'), cache.get('c3')?.id]).toEqual([undefined, undefined, 'bob']);
  });

  it('drops one ended session by its token', () => {
    const { cache, put } = setUp();
    put('c1', 'ann');
    put('c2', 'ann');
    cache.forgetToken('t-c1');
    expect([cache.get('c1'), cache.get('c2')?.id]).toEqual([undefined, 'ann']);
  });

  it('forgets everyone at once (after missing changes while Redis was away)', () => {
    const { cache, put } = setUp();
    put('c1', 'ann');
    put('c2', 'bob');
    cache.forgetAll();
    expect(cache.size).toBe(0);
  });

  it('does not keep an answer read before a change it may have missed', () => {
    const { cache } = setUp();
    const before = cache.epoch();
    cache.forgetUser('ann'); // a ban lands while the lookup is still reading the old row
    cache.set('c1', { token: 't', user: member('ann'), expiresAt: new Date(Date.now() + 60_000) }, before);
    expect(cache.get('c1')).toBeUndefined();
  });

  it('holds at most `max` sessions, the oldest going first', () => {
    const { cache, put } = setUp({ max: 2 });
    put('c1', 'ann');
    put('c2', 'bob');
    put('c3', 'cy');
    expect(cache.size).toBe(2);
    expect([cache.get('c1'), cache.get('c2')?.id, cache.get('c3')?.id]).toEqual([undefined, 'bob', 'cy']);
  });
});
