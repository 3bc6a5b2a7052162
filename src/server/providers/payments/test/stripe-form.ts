// How Stripe's API reads the SDK's form encoding (qs, indexed arrays), for the fake to read it back.

/** `line_items[0][price_data][currency]=eur` → { line_items: [{ price_data: { currency: 'eur' } }] }. */
export function parseStripeForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, '').split('[');
    let node = root;
    path.forEach((part, index) => {
      if (index === path.length - 1) {
        node[part] = value;
        return;
      }
      const next = node[part];
      node[part] = typeof next === 'object' && next !== null ? next : {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return arrays(root) as Record<string, unknown>;
}

/** Objects keyed 0..n-1 become arrays, as qs reads them on Stripe's side. */
function arrays(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value).map(([k, v]) => [k, arrays(v)] as const);
  const indexed = entries.length > 0 && entries.every(([k], i) => k === String(i));
  return indexed ? entries.map(([, v]) => v) : Object.fromEntries(entries);
}
