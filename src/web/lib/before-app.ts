// What a prerendered page does before the app has taken it over (ADR 0056, 0064). Loaded by
// src/web/boot.ts, the page's first script: no imports, nothing that costs bytes on the first page.

/** What tells a person is here and about to use the page: a pointer, a touch, a key, a focus, a wheel. */
const INTERACTIONS = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'focusin', 'wheel'] as const;

/** Runs `start` once, on the first interaction with the page. */
export function onFirstInteraction(target: EventTarget, start: () => void): void {
  const listening = new AbortController();
  const once = () => {
    listening.abort();
    start();
  };
  for (const type of INTERACTIONS) {
    target.addEventListener(type, once, { capture: true, passive: true, signal: listening.signal });
  }
}

/**
 * Runs `then` once <html>'s `attribute` holds one of `values`: the app marks it `starting` as it
 * begins to take the page over and `ready` once a page has mounted or been taken over.
 */
export function whenApp(attribute: string, values: readonly string[], then: () => void): void {
  const html = document.documentElement;
  const reached = () => values.includes(html.getAttribute(attribute) ?? '');
  if (reached()) {
    then();
    return;
  }
  const watching = new MutationObserver(() => {
    if (!reached()) return;
    watching.disconnect();
    then();
  });
  watching.observe(html, { attributes: true, attributeFilter: [attribute] });
}

const TEXT_LIKE = /^(?:text|search|email|tel|url|password|number|date|datetime-local|month|week|time)$/;

/**
 * Text typed into a field before the app took the page over stays on screen (React keeps what it
 * finds), but the app's state still holds the server's empty value: the next render would wipe it.
 * Each such field is told to the app as an edit, as if typed now. React notices an edit by comparing
 * the field's value with the last one it saw, which it records through the element's `value`
 * property: the old value goes in that way, the typed one through the prototype's setter, which it does not see.
 */
export function replayTypedText(root: ParentNode): void {
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
    if (field instanceof HTMLInputElement && !TEXT_LIKE.test(field.type)) continue;
    if (field.value === field.defaultValue) continue;
    const proto = field instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
    const setValue = Object.getOwnPropertyDescriptor(proto, 'value')?.set;
    if (!setValue) continue;
    const typed = field.value;
    field.value = field.defaultValue;
    setValue.call(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

/**
 * What a person does on a prerendered page before the app has taken it over, done again once it has:
 * the text typed, the last button pressed, the last form sent. Held only until the app starts taking
 * the page over (`stop`): from then on React handles events itself, and replays those that reach a
 * part it has not taken over yet.
 */
export function holdActionsUntilApp(doc: Document): { stop(): void; replay(root: ParentNode): void } {
  const holding = new AbortController();
  let sent: HTMLFormElement | null = null;
  let pressed: HTMLButtonElement | null = null;
  doc.addEventListener(
    'submit',
    (event) => {
      if (event.target instanceof HTMLFormElement) sent = event.target;
    },
    { capture: true, signal: holding.signal },
  );
  doc.addEventListener(
    'click',
    (event) => {
      const button = event.target instanceof Element ? event.target.closest('button') : null;
      // A submit button's press is its form's sending, kept above.
      if (button && button.type !== 'submit') pressed = button;
    },
    { capture: true, signal: holding.signal },
  );
  return {
    stop: () => holding.abort(),
    replay(root) {
      holding.abort();
      replayTypedText(root);
      const [button, form] = [pressed, sent];
      pressed = sent = null;
      if (button?.isConnected) button.click();
      if (form?.isConnected) form.requestSubmit();
    },
  };
}
