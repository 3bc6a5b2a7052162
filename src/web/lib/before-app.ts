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

/** Runs `then` once the app has mounted or taken over the page (`data-app="ready"` on <html>). */
export function whenAppReady(attribute: string, then: () => void): void {
  const html = document.documentElement;
  if (html.getAttribute(attribute) === 'ready') {
    then();
    return;
  }
  const watching = new MutationObserver(() => {
    if (html.getAttribute(attribute) !== 'ready') return;
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
 * property: the old value goes in that way, the typed one through the element's own setter.
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
 * the text typed, the last button pressed, the last form sent. The browser never sends a form itself
 * (a password would end up in the address): every form of the app is sent by its own handler.
 */
export function holdActionsUntilApp(doc: Document): { appReady(root: ParentNode): void } {
  let ready = false;
  let sent: HTMLFormElement | null = null;
  let pressed: HTMLButtonElement | null = null;
  doc.addEventListener(
    'submit',
    (event) => {
      event.preventDefault();
      if (!ready && event.target instanceof HTMLFormElement) sent = event.target;
    },
    true,
  );
  doc.addEventListener(
    'click',
    (event) => {
      if (ready || !(event.target instanceof Element)) return;
      const button = event.target.closest('button');
      // A submit button's press is its form's sending, kept above.
      if (button && button.type !== 'submit') pressed = button;
    },
    true,
  );
  return {
    appReady(root) {
      ready = true;
      replayTypedText(root);
      const [button, form] = [pressed, sent];
      pressed = sent = null;
      if (button?.isConnected) button.click();
      if (form?.isConnected) form.requestSubmit();
    },
  };
}
