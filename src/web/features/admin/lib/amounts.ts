// Amounts as admins type them: major units (12.50), each currency the platform takes having cents
// (docs/product.md §5.1); the API reads minor units.

/** "25", "25.5", "25,50" or "1,000.00" → minor units; null when it is not an amount. */
export function parseMajorAmount(text: string): number | null {
  let t = text.replace(/[\s\u00a0']/g, '');
  t = t.includes('.') ? t.replace(/,/g, '') : t.replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return null;
  return Math.round(Number(t) * 100);
}
