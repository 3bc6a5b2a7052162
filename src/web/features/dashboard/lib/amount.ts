// Amounts as people type them ("25", "25.5", "25,50") to minor units and back. Only plain digits
// and one decimal separator: a thousands separator would be ambiguous between locales.

/** "25,50" → 2550; null when it is not an amount with at most 2 decimals. */
export function parseMajorAmount(text: string): number | null {
  const match = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const whole = Number(match[1]);
  const cents = Number((match[2] ?? '').padEnd(2, '0'));
  return whole * 100 + cents;
}

/** 2550 → "25.50", the form's own way of writing an amount back. */
export function toMajorInput(minor: number): string {
  return (minor / 100).toFixed(2);
}
