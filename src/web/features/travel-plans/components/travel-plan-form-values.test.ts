import { describe, expect, it } from 'vitest';
import type { Place } from '#shared/places.ts';
import type { TravelPlan } from '#shared/travel-plans.ts';
import { isoToLocalInput, localInputToIso } from './local-date-time.ts';
import {
  changedFields,
  emptyTravelPlanValues,
  type TravelPlanFormValues,
  validateTravelPlan,
  valuesOfPlan,
} from './travel-plan-form-values.ts';

const paris: Place = { label: 'Paris, France', city: 'Paris', countryCode: 'FR', lat: 48.8566, lng: 2.3522 };
const berlin: Place = { label: 'Berlin, Germany', city: 'Berlin', countryCode: 'DE', lat: 52.52, lng: 13.405 };
const now = new Date('2026-05-01T12:00:00Z');
const settings = { minDistanceKm: 1 };

const filled: TravelPlanFormValues = {
  origin: paris,
  destination: berlin,
  departureAt: isoToLocalInput('2026-05-08T07:00:00Z'),
  arrivalAt: isoToLocalInput('2026-05-08T09:00:00Z'),
  transport: 'flight',
  capacityKg: '5',
  notes: '  Hand luggage only  ',
};

describe('local date-times', () => {
  it('round-trip an instant through the datetime-local text (to the minute)', () => {
    const iso = '2026-05-08T07:30:00.000Z';
    expect(localInputToIso(isoToLocalInput(iso))).toBe(iso);
  });
  it('refuse text that names no date-time', () => {
    expect(localInputToIso('')).toBeNull();
    expect(localInputToIso('tomorrow')).toBeNull();
    expect(isoToLocalInput('nonsense')).toBe('');
  });
});

describe('validateTravelPlan', () => {
  it('makes the body the server expects from a filled form', () => {
    const result = validateTravelPlan(filled, settings, now);
    expect(result.errors).toBeNull();
    expect(result.body).toEqual({
      origin: paris,
      destination: berlin,
      departureAt: '2026-05-08T07:00:00.000Z',
      arrivalAt: '2026-05-08T09:00:00.000Z',
      transport: 'flight',
      capacityKg: 5,
      notes: 'Hand luggage only',
    });
  });

  it('says what to do for every empty required field, and nothing for the optional notes', () => {
    const result = validateTravelPlan(emptyTravelPlanValues, settings, now);
    expect(result.errors).toEqual({
      origin: 'Choose the city you leave from',
      destination: 'Choose the city you are going to',
      departureAt: 'Enter the date and time you leave',
      arrivalAt: 'Enter the date and time you arrive',
      transport: 'Choose how you travel',
      capacityKg: 'Enter how many kg you can carry',
    });
  });

  it("applies the shared schema's limits and the shared rules, on the right fields", () => {
    const result = validateTravelPlan(
      {
        ...filled,
        destination: paris,
        departureAt: isoToLocalInput('2026-04-30T10:00:00Z'),
        arrivalAt: isoToLocalInput('2026-04-29T10:00:00Z'),
        capacityKg: '250',
      },
      settings,
      now,
    );
    expect(result.errors).toEqual({
      capacityKg: 'At most 100 kg',
      departureAt: 'The departure must be in the future',
      arrivalAt: 'The arrival cannot be before the departure',
      destination: 'Origin and destination must be at least 1 km apart',
    });
  });

  it('reads a decimal comma and refuses text that is no number', () => {
    expect(validateTravelPlan({ ...filled, capacityKg: '2,5' }, settings, now).body?.capacityKg).toBe(2.5);
    expect(validateTravelPlan({ ...filled, capacityKg: 'lots' }, settings, now).errors).toEqual({
      capacityKg: 'Enter the free capacity in kg',
    });
  });
});

describe('changedFields', () => {
  const plan: TravelPlan = {
    id: '6b0f7a1e-8a3c-4a47-9a8e-000000000001',
    status: 'active',
    origin: paris,
    destination: berlin,
    departureAt: '2026-05-08T07:00:00.000Z',
    arrivalAt: '2026-05-08T09:00:00.000Z',
    transport: 'flight',
    capacityKg: 5,
    freeCapacityKg: 5,
    notes: null,
    traveler: { id: 'u1', name: 'Tess', image: null },
    mine: true,
    createdAt: '2026-05-01T10:00:00.000Z',
    updatedAt: '2026-05-01T10:00:00.000Z',
  };

  it('is empty when the form is saved untouched', () => {
    const result = validateTravelPlan(valuesOfPlan(plan), settings, now);
    expect(result.body && changedFields(plan, result.body)).toEqual({});
  });

  it('holds only what was changed, and an emptied note as empty text', () => {
    const withNotes = { ...plan, notes: 'Window seat' };
    const result = validateTravelPlan({ ...valuesOfPlan(withNotes), capacityKg: '8', notes: '' }, settings, now);
    expect(result.body && changedFields(withNotes, result.body)).toEqual({ capacityKg: 8, notes: '' });
  });
});
