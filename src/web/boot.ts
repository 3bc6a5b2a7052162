// The page's first script. A public page arrives rendered by the server (ADR 0056): the browser
// paints that HTML first, then fetches and starts the app, which takes the HTML over; on a slow phone
// the page is readable while the app's JavaScript is still on its way. A visitor's page that says so
// goes further (ADR 0064): the app is fetched on the first interaction, not at load. A page the browser
// draws alone starts the app at once (its chunks are already being fetched: index.html names them).
// First: it must run before any schema is built.
import './lib/zod-setup.ts';
import {
  AFTER_PAINT_ELEMENT_ID,
  APP_READY_ATTRIBUTE,
  APP_STARTING,
  START_ON_INTERACTION_ATTRIBUTE,
} from '#shared/page-shell.ts';
import { holdActionsUntilApp, onFirstInteraction, whenApp } from './lib/before-app.ts';
import './styles.css';

// Every form of the app is sent by its own handler; a form in the server's HTML, submitted before the
// app has taken it over, would otherwise go to the address bar with its fields (a password, say).
// React's handlers still run: this only stops the browser's own submission.
document.addEventListener('submit', (event) => event.preventDefault(), true);

function startApp() {
  const chunks = document.getElementById(AFTER_PAINT_ELEMENT_ID);
  if (chunks instanceof HTMLTemplateElement) document.head.append(chunks.content);
  void import('./main.tsx');
}

const root = document.getElementById('root');
if (root?.firstChild) {
  // What is typed, pressed and sent on the server's page before the app starts is done again once
  // the app has taken the page over.
  const held = holdActionsUntilApp(document);
  whenApp(APP_READY_ATTRIBUTE, [APP_STARTING, 'ready'], held.stop);
  whenApp(APP_READY_ATTRIBUTE, ['ready'], () => held.replay(root));
}

if (root?.firstChild && root.getAttribute(START_ON_INTERACTION_ATTRIBUTE) === 'interaction') {
  onFirstInteraction(window, startApp);
} else if (root?.firstChild && document.visibilityState === 'visible') {
  // A timeout queued in a frame's callbacks runs once that frame is painted.
  requestAnimationFrame(() => setTimeout(startApp, 0));
} else {
  startApp();
}
