// @vitest-environment jsdom
import { act, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdActionsUntilApp, onFirstInteraction, replayTypedText, whenApp } from './before-app.ts';

// Before the app has taken a prerendered page over (ADR 0056, 0064): the app is fetched on the first
// interaction, and what the person typed meanwhile reaches the app's state instead of being wiped.

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function CityField({ other = false }: { other?: boolean }) {
  const [city, setCity] = useState('');
  return (
    <form>
      <input aria-label="City" value={city} onChange={(event) => setCity(event.target.value)} />
      <input aria-label="Agree" type="checkbox" />
      <output>{city ? `searching ${city}` : 'nothing yet'}</output>
      {other ? <span>other</span> : null}
    </form>
  );
}

// What the server sent for <CityField />, and a person typed into before the app arrived.
function serverHtmlTypedInto(text: string) {
  const container = document.createElement('div');
  container.innerHTML =
    '<form><input aria-label="City" value=""/><input aria-label="Agree" type="checkbox"/><output>nothing yet</output></form>';
  document.body.append(container);
  const input = container.querySelector('input') as HTMLInputElement;
  input.value = text;
  return { container, input, output: () => container.querySelector('output')?.textContent };
}

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  document.documentElement.removeAttribute('data-app');
});

describe('text typed before the app took the page over', () => {
  it('is on screen but not in the app’s state, and the next render wipes it', async () => {
    const page = serverHtmlTypedInto('Par');
    await act(async () => {
      root = hydrateRoot(page.container, <CityField />);
    });
    expect(page.input.value).toBe('Par');
    expect(page.output()).toBe('nothing yet');
    await act(async () => root?.render(<CityField other />));
    expect(page.input.value).toBe('');
  });

  it('reaches the app’s state once replayed, as if typed now', async () => {
    const page = serverHtmlTypedInto('Par');
    await act(async () => {
      root = hydrateRoot(page.container, <CityField />);
    });
    act(() => replayTypedText(page.container));
    expect(page.output()).toBe('searching Par');
    await act(async () => root?.render(<CityField other />));
    expect(page.input.value).toBe('Par');
  });

  it('leaves untouched fields and boxes alone', async () => {
    const page = serverHtmlTypedInto('');
    const box = page.container.querySelector('[type=checkbox]') as HTMLInputElement;
    const changes = vi.fn();
    page.container.addEventListener('input', changes);
    await act(async () => {
      root = hydrateRoot(page.container, <CityField />);
    });
    box.checked = true;
    act(() => replayTypedText(page.container));
    expect(changes).not.toHaveBeenCalled();
    expect(page.output()).toBe('nothing yet');
  });
});

function Actions({ onPress, onSend }: { onPress: () => void; onSend: (city: string) => void }) {
  const [city, setCity] = useState('');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSend(city);
      }}
    >
      <input aria-label="City" value={city} onChange={(event) => setCity(event.target.value)} />
      <button type="button" onClick={onPress}>
        Filters
      </button>
      <button type="submit">Search</button>
    </form>
  );
}

/** The server's HTML of <Actions />, on the page before the app. */
function serverActions() {
  const container = document.createElement('div');
  container.innerHTML =
    '<form><input aria-label="City" value=""/><button type="button">Filters</button><button type="submit">Search</button></form>';
  document.body.append(container);
  // As boot.ts does for every page: the browser never sends a form itself.
  container.addEventListener('submit', (event) => event.preventDefault());
  return {
    container,
    input: container.querySelector('input') as HTMLInputElement,
    filters: container.querySelector('[type=button]') as HTMLButtonElement,
    search: container.querySelector('[type=submit]') as HTMLButtonElement,
  };
}

describe('what is pressed and sent before the app', () => {
  it('is done again once the app has taken the page over, after the text typed, and only once', async () => {
    const page = serverActions();
    const held = holdActionsUntilApp(document);
    page.input.value = 'Paris';
    page.filters.click();
    page.search.click();
    const onPress = vi.fn();
    const onSend = vi.fn();
    held.stop();
    await act(async () => {
      root = hydrateRoot(page.container, <Actions onPress={onPress} onSend={onSend} />);
    });
    expect([onPress, onSend].map((f) => f.mock.calls.length)).toEqual([0, 0]);
    act(() => held.replay(page.container));
    expect(onPress).toHaveBeenCalledTimes(1);
    expect(onSend).toHaveBeenCalledWith('Paris');

    // From then on each press and sending is the app's alone.
    act(() => page.filters.click());
    act(() => page.search.click());
    expect(onPress).toHaveBeenCalledTimes(2);
    expect(onSend).toHaveBeenCalledTimes(2);
  });

  it('holds nothing once the app has started: React handles what comes after', async () => {
    const page = serverActions();
    const held = holdActionsUntilApp(document);
    held.stop();
    const onPress = vi.fn();
    await act(async () => {
      root = hydrateRoot(page.container, <Actions onPress={onPress} onSend={vi.fn()} />);
    });
    act(() => page.filters.click());
    act(() => held.replay(page.container));
    expect(onPress).toHaveBeenCalledTimes(1);
  });
});

describe('starting the app', () => {
  it('runs once, on the first interaction of any kind', () => {
    const target = new EventTarget();
    const start = vi.fn();
    onFirstInteraction(target, start);
    target.dispatchEvent(new Event('scroll'));
    expect(start).not.toHaveBeenCalled();
    target.dispatchEvent(new Event('focusin'));
    target.dispatchEvent(new Event('pointerdown'));
    target.dispatchEvent(new Event('keydown'));
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('says when the app is starting or ready, at once if it already is', async () => {
    const starting = vi.fn();
    const ready = vi.fn();
    whenApp('data-app', ['starting', 'ready'], starting);
    whenApp('data-app', ['ready'], ready);
    document.documentElement.setAttribute('data-app', 'starting');
    await vi.waitFor(() => expect(starting).toHaveBeenCalledTimes(1));
    expect(ready).not.toHaveBeenCalled();
    document.documentElement.setAttribute('data-app', 'ready');
    await vi.waitFor(() => expect(ready).toHaveBeenCalledTimes(1));
    const now = vi.fn();
    whenApp('data-app', ['ready'], now);
    expect(now).toHaveBeenCalledTimes(1);
    expect(starting).toHaveBeenCalledTimes(1);
  });
});
