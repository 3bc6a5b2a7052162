// Amounts as people type them ("25", "25.5", "25,50") to minor units and back. Only plain digits
// and one decimal separator: a thousands separator would be ambiguous between locales.

export { parseMajorAmount } from '#shared/money.ts';

/** 2550 → "25.50", the form's own way of writing an amount back. */
export function toMajorInput(minor: number): string {
  return (minor / 100).toFixed(2);
}
