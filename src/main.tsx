import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app';
import { showLanguage, startingLanguage } from './i18n/i18n';
import { readFirstLookup, rendersServerScreen } from './lib/first-lookup';
import { startInspectorIfAsked } from './lib/inspector';
import './styles/global.css';

if (import.meta.env.DEV) await startInspectorIfAsked();

// The task that evaluates this script already holds every module's top-level code (React's, the statechart's, the
// schemas'): what follows (the cookie, the embedded lookup, session storage, setting up the hydration) starts in a
// task of its own, so that neither is a long task on a slow phone (decision 035). One task later, not a frame later.
await new Promise<void>((resolve) => setTimeout(resolve, 0));

// The customer's language before the first render. English's catalogue is in this script, so an English page starts
// at once (no fetch: the app takes over the server's form as soon as the script has run); Spanish's is fetched first.
const language = startingLanguage();
const serverLanguage = document.documentElement.lang;
await showLanguage(language);

const root = document.getElementById('root')!;
const firstLookup = readFirstLookup();
const app = (
  <StrictMode>
    <App firstLookup={firstLookup} />
  </StrictMode>
);
// The server rendered the form (decision 016): take it over as it is, in slices that leave the page free to answer
// the customer meanwhile (a transition's hydration yields; the default one holds the main thread until done).
// Otherwise (no form, or the server's guess of the language was not the browser's) render afresh over whatever is there.
if (serverLanguage === language && rendersServerScreen(root, firstLookup))
  startTransition(() => void hydrateRoot(root, app));
else createRoot(root).render(app);
