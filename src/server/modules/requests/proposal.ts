import type { requests } from '#server/db/schema/requests.ts';
import { AppError } from '#shared/errors.ts';
import { type Currency, formatMoney } from '#shared/money.ts';
import type { RequestStarter } from '#shared/requests.ts';
import type { Settings } from '#shared/settings.ts';

// The reward on the table of a request (docs/product.md §4.5, ADR 0059): the package's own unless one
// side proposed another; the side that did not propose it last answers it.

type RequestRow = typeof requests.$inferSelect;

/** The amount an acceptance agrees to now. */
export const rewardOnTable = (request: Pick<RequestRow, 'reward'>, packageReward: number | null): number =>
  request.reward ?? packageReward ?? 0;

/** Who proposed what is on the table: the starter until someone countered. */
export const proposerOf = (request: Pick<RequestRow, 'proposedBy' | 'startedBy'>): RequestStarter =>
  (request.proposedBy ?? request.startedBy) as RequestStarter;

/** The role that answers the proposal on the table. */
export const answererOf = (request: Pick<RequestRow, 'proposedBy' | 'startedBy'>): RequestStarter =>
  proposerOf(request) === 'traveler' ? 'sender' : 'traveler';

/** A proposed reward within the settings' limits: a field error otherwise. Above the reward paid, the sender pays the difference. */
export function assertProposable(
  reward: number,
  pkg: { currency: string },
  settings: Pick<Settings, 'rewardMin' | 'rewardMax'>,
): void {
  const money = (amount: number) => formatMoney(amount, pkg.currency as Currency, 'en');
  if (reward < settings.rewardMin || reward > settings.rewardMax) {
    throw new AppError('VALIDATION_FAILED', {
      fields: { reward: [`Propose between ${money(settings.rewardMin)} and ${money(settings.rewardMax)}`] },
    });
  }
}
