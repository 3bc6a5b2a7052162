import { describe, expect, it } from 'vitest';
import type { Package } from '#shared/packages.ts';
import { defaultSettings } from '#shared/settings.ts';
import {
  draftOf,
  fromLocalInput,
  isUnchanged,
  parseAmount,
  parseDecimal,
  stepSchema,
  toLocalInput,
  validateStep,
  valuesOf,
  type WizardValues,
} from './wizard-values.ts';

const now = new Date('2030-01-10T12:00:00Z');
const paris = { label: 'Paris, France', city: 'Paris', countryCode: 'FR', lat: 48.8566, lng: 2.3522 };
const berlin = { label: 'Berlin, Germany', city: 'Berlin', countryCode: 'DE', lat: 52.52, lng: 13.405 };
const empty = valuesOf(null);
const local = (iso: string) => toLocalInput(iso);

describe('text as typed', () => {
  it('reads amounts in major units as minor units', () => {
    expect(parseAmount('25')).toBe(2500);
    expect(parseAmount('25.5')).toBe(2550);
    expect(parseAmount('25,50')).toBe(2550);
    expect(parseAmount(' 1,000.00 ')).toBe(100_000);
    expect(parseAmount('0.1')).toBe(10);
    expect(parseAmount('19.99')).toBe(1999);
    for (const bad of ['', 'abc', '-5', '1.234', '1e3', '5.']) expect(parseAmount(bad), bad).toBeNull();
  });

  it('reads weights with a point or a comma', () => {
    expect(parseDecimal('1.5')).toBe(1.5);
    expect(parseDecimal('1,5')).toBe(1.5);
    expect(parseDecimal('.5')).toBe(0.5);
    expect(parseDecimal('2 kg')).toBeNull();
  });

  it('keeps a date and time through the datetime input unchanged', () => {
    const iso = '2030-03-01T09:30:00.000Z';
    expect(fromLocalInput(toLocalInput(iso))).toBe(iso);
    expect(fromLocalInput('2030-13-45T99:00')).toBeNull();
    expect(fromLocalInput('tomorrow')).toBeNull();
  });
});

describe('validateStep', () => {
  it('asks for each required field in the words of the step', () => {
    const result = validateStep('what', empty, {}, defaultSettings, now);
    expect(result).toEqual({
      ok: false,
      errors: { title: 'Give your package a title', category: 'Choose a category' },
    });
  });

  it('applies the contract: a prohibited category and word are refused naming the rule', () => {
    const result = validateStep(
      'what',
      { ...empty, title: 'Old hunting gun', category: 'weapons' },
      {},
      defaultSettings,
      now,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.category).toMatch(/Weapons cannot be sent/);
    const word = validateStep(
      'what',
      { ...empty, title: 'Old hunting gun', category: 'gifts' },
      {},
      defaultSettings,
      now,
    );
    expect(word).toMatchObject({ ok: false, errors: { title: expect.stringMatching(/"gun" is not allowed/) } });
  });

  it('gives the patch of the step with the street address inside its place', () => {
    const values: WizardValues = { ...empty, pickup: paris, pickupAddress: ' 1 rue de Rivoli ', dropoff: berlin };
    expect(validateStep('route', values, {}, defaultSettings, now)).toEqual({
      ok: true,
      patch: { pickup: { ...paris, address: '1 rue de Rivoli' }, dropoff: berlin },
    });
  });

  it('refuses pickup and drop-off closer than the minimum distance, on the drop-off', () => {
    const near = { ...paris, label: 'Paris (again)', lat: 48.857 };
    const result = validateStep('route', { ...empty, pickup: paris, dropoff: near }, {}, defaultSettings, now);
    expect(result).toEqual({ ok: false, errors: { dropoff: 'Pickup and drop-off must be at least 1 km apart' } });
  });

  it('checks dates against the clock and each other', () => {
    const past = validateStep(
      'when',
      { ...empty, pickupFrom: local('2030-01-01T09:00:00Z'), deliverBy: local('2030-01-05T09:00:00Z') },
      {},
      defaultSettings,
      now,
    );
    expect(past).toEqual({ ok: false, errors: { deliverBy: 'The deliver-by date must be in the future' } });
    const backwards = validateStep(
      'when',
      { ...empty, pickupFrom: local('2030-02-10T09:00:00Z'), deliverBy: local('2030-02-01T09:00:00Z') },
      {},
      defaultSettings,
      now,
    );
    expect(backwards).toEqual({
      ok: false,
      errors: { deliverBy: 'The deliver-by date must be after the pickup date' },
    });
    const fine = validateStep(
      'when',
      { ...empty, pickupFrom: local('2030-02-01T09:00:00Z'), deliverBy: local('2030-02-10T18:00:00Z') },
      {},
      defaultSettings,
      now,
    );
    expect(fine).toEqual({
      ok: true,
      patch: { pickupFrom: '2030-02-01T09:00:00.000Z', deliverBy: '2030-02-10T18:00:00.000Z' },
    });
  });

  it('checks weight and reward against the settings, and amounts as typed', () => {
    expect(validateStep('size', { ...empty, size: 'M', weightKg: '25' }, {}, defaultSettings, now)).toEqual({
      ok: false,
      errors: { weightKg: 'The weight must be between 0.1 and 20 kg' },
    });
    expect(validateStep('size', { ...empty, size: 'M', weightKg: '0' }, {}, defaultSettings, now)).toMatchObject({
      ok: false,
      errors: { weightKg: 'The weight must be more than 0 kg' },
    });
    expect(
      validateStep('reward', { ...empty, reward: '4.99', declaredValue: 'lots' }, {}, defaultSettings, now),
    ).toEqual({ ok: false, errors: { declaredValue: 'Enter an amount such as 25.00' } });
    expect(
      validateStep('reward', { ...empty, reward: '4.99', declaredValue: '100' }, {}, defaultSettings, now),
    ).toEqual({ ok: false, errors: { reward: 'The reward must be between 5.00 and 1000.00' } });
    expect(validateStep('reward', { ...empty, reward: '25', declaredValue: '100' }, {}, defaultSettings, now)).toEqual({
      ok: true,
      patch: { reward: 2500, declaredValue: 10_000 },
    });
  });

  it('normalises the recipient phone as the server stores it', () => {
    const bad = validateStep(
      'recipient',
      { ...empty, recipientName: 'Ana', recipientPhone: '12345' },
      {},
      defaultSettings,
      now,
    );
    expect(bad).toMatchObject({ ok: false, errors: { recipientPhone: expect.stringMatching(/valid mobile number/) } });
    const good = validateStep(
      'recipient',
      { ...empty, recipientName: ' Ana ', recipientPhone: '+33 6 12 34 56 78', notes: '' },
      {},
      defaultSettings,
      now,
    );
    expect(good).toEqual({ ok: true, patch: { recipientName: 'Ana', recipientPhone: '+33612345678', notes: '' } });
  });

  it('reads a rule over the saved draft, but only reports the fields of this step', () => {
    // The saved drop-off is next to the new pickup: that is the route step's problem, not this one's.
    const saved = { pickup: paris, dropoff: { ...paris, label: 'x' } };
    expect(validateStep('size', { ...empty, size: 'S', weightKg: '1' }, saved, defaultSettings, now)).toEqual({
      ok: true,
      patch: { size: 'S', weightKg: 1 },
    });
  });

  it('runs as a zod schema for react-hook-form, with errors on the form fields', () => {
    const schema = stepSchema('route', {}, defaultSettings, () => now);
    const result = schema.safeParse({ ...empty, dropoff: berlin });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['pickup', 'Choose the city it leaves from'],
    ]);
    expect(schema.parse({ ...empty, pickup: paris, dropoff: berlin })).toEqual({ pickup: paris, dropoff: berlin });
  });
});

describe('a saved draft in the form', () => {
  const pkg = {
    title: 'Books',
    description: null,
    category: 'books',
    size: 'S',
    weightKg: 1.2,
    declaredValue: 4000,
    currency: 'EUR',
    pickup: { ...paris, address: '1 rue de Rivoli' },
    dropoff: berlin,
    pickupFrom: '2030-02-01T09:00:00.000Z',
    deliverBy: null,
    reward: 2500,
    recipientName: 'Ana',
    recipientPhone: '+33612345678',
    notes: null,
  } as unknown as Package;

  it('shows what was saved, as text the inputs take', () => {
    const values = valuesOf(pkg);
    expect(values).toMatchObject({
      title: 'Books',
      description: '',
      pickup: paris,
      pickupAddress: '1 rue de Rivoli',
      weightKg: '1.2',
      reward: '25.00',
      declaredValue: '40.00',
      recipientPhone: '+33 6 12 34 56 78',
      deliverBy: '',
    });
  });

  it('saves nothing when a step is sent back unchanged', () => {
    const saved = draftOf(pkg);
    expect(saved).not.toHaveProperty('deliverBy');
    for (const step of ['what', 'route', 'size', 'reward', 'recipient'] as const) {
      const result = validateStep(step, valuesOf(pkg), saved, defaultSettings, now);
      expect(result.ok, step).toBe(true);
      if (result.ok) expect(isUnchanged(result.patch, saved), step).toBe(true);
    }
    const changed = validateStep('size', { ...valuesOf(pkg), weightKg: '1.3' }, saved, defaultSettings, now);
    expect(changed.ok && isUnchanged(changed.patch, saved)).toBe(false);
  });
});
