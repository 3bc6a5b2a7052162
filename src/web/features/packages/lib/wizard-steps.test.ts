import { describe, expect, it } from 'vitest';
import { requiredForPublishing } from '#shared/packages.ts';
import { draftFieldsOf, firstIncompleteStep, formFieldOf, stepOfField, wizardSteps } from './wizard-steps.ts';

describe('wizard steps', () => {
  it('ask for every field publishing needs, each in exactly one step', () => {
    for (const field of requiredForPublishing) {
      const form = formFieldOf(field);
      expect(form, field).not.toBeNull();
      expect(wizardSteps.filter((s) => s.required.includes(form as never)).length, field).toBe(1);
    }
  });

  it('place the server’s field paths on the form field that shows them', () => {
    expect(formFieldOf('pickup.lat')).toBe('pickup');
    expect(formFieldOf('pickup.address')).toBe('pickupAddress');
    expect(formFieldOf('dropoff')).toBe('dropoff');
    expect(formFieldOf('dropoff.address')).toBe('dropoffAddress');
    expect(formFieldOf('recipientPhone')).toBe('recipientPhone');
    expect(formFieldOf('currency')).toBeNull();
    expect(formFieldOf('photo')).toBeNull();
    expect(stepOfField('pickupAddress')).toBe('route');
    expect(draftFieldsOf('route')).toEqual(['pickup', 'dropoff']);
  });

  it('put the photos right after what is sent, asking for no field, and end with the review', () => {
    expect(wizardSteps.map((s) => s.id)).toEqual([
      'what',
      'photos',
      'route',
      'when',
      'size',
      'reward',
      'recipient',
      'review',
    ]);
    expect(draftFieldsOf('photos')).toEqual([]);
  });

  it('resume a draft at its first step with something missing, or at the review', () => {
    expect(firstIncompleteStep([...requiredForPublishing])).toBe('what');
    expect(firstIncompleteStep(['category', 'reward'])).toBe('what');
    // Photos are optional: a draft with a title and a category resumes past them.
    expect(firstIncompleteStep(['pickup', 'dropoff', 'reward'])).toBe('route');
    expect(firstIncompleteStep(['deliverBy', 'recipientPhone'])).toBe('when');
    expect(firstIncompleteStep(['recipientName'])).toBe('recipient');
    expect(firstIncompleteStep([])).toBe('review');
  });
});
