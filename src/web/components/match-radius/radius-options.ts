/** Steps a person can tell apart (a town, a region, a country), up to the most the settings allow. */
const STEPS = [10, 25, 50, 100, 150, 200, 300, 500];

/** The radii to offer: the usual steps below the maximum, plus the default and the maximum themselves. */
export function radiusOptions(defaultKm: number, maxKm: number): number[] {
  const options = new Set(STEPS.filter((step) => step < maxKm));
  options.add(Math.min(defaultKm, maxKm));
  options.add(maxKm);
  return [...options].sort((a, b) => a - b);
}

/** The radius a URL asks for, kept within 1 km and the maximum; the default when it asks for none. */
export function radiusFromParam(param: string | null, defaultKm: number, maxKm: number): number {
  const asked = param === null ? Number.NaN : Number(param);
  if (!Number.isFinite(asked) || asked <= 0) return Math.min(defaultKm, maxKm);
  return Math.min(Math.max(1, Math.round(asked)), maxKm);
}

/** The next offered radius above this one, to suggest when nothing was found; null at the maximum. */
export function widerRadius(current: number, defaultKm: number, maxKm: number): number | null {
  return radiusOptions(defaultKm, maxKm).find((option) => option > current) ?? null;
}
