// @vitest-environment jsdom
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { formatDate, formatKm } from './format.ts';
import { useReading } from './reading.ts';

// The server's HTML writes dates and numbers in fixed conventions; the browser's first render of it
// does too (no mismatch for React to recover from), and the reader's own follow right after (ADR 0065).

function Facts() {
  const reading = useReading();
  return (
    <p>
      {formatDate('2026-03-01T10:00:00.000Z', reading)} · {formatKm(1234, reading)}
    </p>
  );
}

describe('useReading', () => {
  it('writes the server’s conventions while hydrating, then the reader’s own', async () => {
    const html = renderToString(<Facts />);
    expect(html).toBe('<p>1 Mar 2026<!-- --> · <!-- -->1,234 km</p>');

    const container = document.createElement('div');
    container.innerHTML = html;
    const recoverable = vi.fn();
    await act(async () => {
      hydrateRoot(container, <Facts />, { onRecoverableError: recoverable });
    });
    expect(recoverable).not.toHaveBeenCalled();
    // This process's own locale, as a browser's would be.
    expect(container.textContent).toBe(`${formatDate('2026-03-01T10:00:00.000Z')} · ${formatKm(1234)}`);
    if (new Intl.DateTimeFormat().resolvedOptions().locale !== 'en-GB') {
      expect(container.textContent).not.toBe('1 Mar 2026 · 1,234 km');
    }
  });
});
