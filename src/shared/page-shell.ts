// What a prerendered page's HTML carries for the browser besides the page itself (ADR 0056). No
// imports: the page's first script (src/web/boot.ts) reads it before anything else is loaded.

/** The script element (JSON, never run) with the router state the server rendered the page in. */
export const ROUTER_STATE_ELEMENT_ID = 'tagalong-router-state';

/** The <template> holding the app's modulepreload links, put to work once the page is painted. */
export const AFTER_PAINT_ELEMENT_ID = 'tagalong-after-paint';

/**
 * Set on <html> (`data-app="ready"`) once a page of the app has mounted or taken over its server
 * HTML: before that, a prerendered page is on screen but does not answer clicks yet.
 */
export const APP_READY_ATTRIBUTE = 'data-app';

/** The same attribute's value while the app begins to take a page over, before it is `ready`. */
export const APP_STARTING = 'starting';

/**
 * Set on the root element (`data-start="interaction"`) of a page a visitor can use before the app
 * runs: the app is loaded on the visitor's first interaction, not at load (ADR 0064).
 */
export const START_ON_INTERACTION_ATTRIBUTE = 'data-start';

/**
 * What the server knew when it rendered the page, beside the router's state: `visitor` when the
 * request had no session cookie, so the page was drawn for someone signed out (ADR 0064).
 */
export interface RenderedFor {
  visitor?: boolean;
}
