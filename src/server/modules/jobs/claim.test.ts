import { describe, expect, it, vi } from 'vitest';
import { AppError } from '#shared/errors.ts';
import { eachItem } from './claim.ts';
import type { JobContext } from './job.ts';

const ctx = () => ({ log: { debug: vi.fn(), warn: vi.fn() } }) as unknown as JobContext;

describe('eachItem', () => {
  it('skips an item whose domain rule now refuses it (any 409), and counts other failures', async () => {
    const failures: Record<string, Error> = {
      gone: new AppError('CHECKOUT_CLOSED'),
      paid: new AppError('NO_PAYMENT_IN_ESCROW'),
      hidden: new AppError('PAYMENT_NOT_FOUND'),
      broken: new Error('database down'),
    };
    const result = await eachItem(ctx(), 'test', ['ok', 'gone', 'paid', 'hidden', 'broken'], async (id) => {
      const failure = failures[id];
      if (failure) throw failure;
      return true;
    });
    expect(result).toEqual({ processed: 1, failed: 2 });
  });
});
