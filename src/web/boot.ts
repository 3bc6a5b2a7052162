// The page's first script. A public page arrives rendered by the server (ADR 0056): the browser
// paints that HTML first, then fetches and starts the app, which takes the HTML over; on a slow phone
// the page is readable while the app's JavaScript is still on its way. A visitor's page that says so
// goes further (ADR 0064): the app is fetched on the first interaction, not at load. A page the browser
// draws alone starts the app at once (its chunks are already being fetched: index.html names them).
// First: it must run before any schema is built.
import './lib/zod-setup.ts';
import { AFTER_PAINT_ELEMENT_ID, APP_READY_ATTRIBUTE, START_ON_INTERACTION_ATTRIBUTE } from '#shared/page-shell.ts';
import { holdActionsUntilApp, onFirstInteraction, whenAppReady } from './lib/before-app.ts';
import './styles.css';

// What is typed, pressed and sent before the app has taken the page over is done again once it has.
const held = holdActionsUntilApp(document);

function startApp() {
  const chunks = document.getElementById(AFTER_PAINT_ELEMENT_ID);
  if (chunks instanceof HTMLTemplateElement) document.head.append(chunks.content);
  void import('./main.tsx');
}

const root = document.getElementById('root');
whenAppReady(APP_READY_ATTRIBUTE, () => held.appReady(root ?? document));

if (root?.firstChild && root.getAttribute(START_ON_INTERACTION_ATTRIBUTE) === 'interaction') {
  onFirstInteraction(window, startApp);
} else if (root?.firstChild && document.visibilityState === 'visible') {
  // A timeout queued in a frame's callbacks runs once that frame is painted.
  requestAnimationFrame(() => setTimeout(startApp, 0));
} else {
  startApp();
}
