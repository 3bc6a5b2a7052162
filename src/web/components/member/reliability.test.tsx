// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { noRecord, type Reliability } from '#shared/reliability.ts';
import { ReliabilityFacts, reliabilityLine, responseTimeText } from './reliability.tsx';

const record: Reliability = {
  completedDeliveries: 12,
  commitments: 13,
  cancellations: 1,
  cancellationRate: 0.077,
  responses: 9,
  medianResponseMinutes: 135,
};

afterEach(cleanup);

describe('reliability in words', () => {
  it('says how long a member usually takes to answer, in the unit that reads best', () => {
    expect(responseTimeText(0)).toBe('1 min');
    expect(responseTimeText(15)).toBe('15 min');
    expect(responseTimeText(59)).toBe('59 min');
    expect(responseTimeText(60)).toBe('about 1 h');
    expect(responseTimeText(135)).toBe('about 2 h');
    expect(responseTimeText(47 * 60)).toBe('about 47 h');
    expect(responseTimeText(3 * 24 * 60)).toBe('about 3 days');
  });

  it('puts a card’s figures on one line, leaving out what the member has no record of yet', () => {
    expect(reliabilityLine(record)).toBe('12 deliveries · 8% cancelled · answers in about 2 h');
    expect(reliabilityLine(noRecord)).toBe('0 deliveries');
    expect(reliabilityLine({ ...noRecord, completedDeliveries: 1, commitments: 1, cancellationRate: 0 })).toBe(
      '1 delivery · 0% cancelled',
    );
  });

  it('shows a profile’s three facts with what they are counted from', () => {
    render(
      <dl>
        <ReliabilityFacts reliability={record} />
      </dl>,
    );
    const fact = (term: string) => screen.getByText(term).nextElementSibling?.textContent;
    expect(fact('Completed deliveries')).toBe('12');
    expect(fact('Cancellation rate')).toBe('8% (1 of 13 matches)');
    expect(fact('Usually answers requests in')).toBe('about 2 h (9 requests)');
  });

  it('says so when there is no record yet', () => {
    render(
      <dl>
        <ReliabilityFacts reliability={noRecord} />
      </dl>,
    );
    const fact = (term: string) => screen.getByText(term).nextElementSibling?.textContent;
    expect(fact('Completed deliveries')).toBe('0');
    expect(fact('Cancellation rate')).toBe('No matches yet');
    expect(fact('Usually answers requests in')).toBe('No requests answered yet');
  });
});
