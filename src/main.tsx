import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { startInspectorIfAsked } from './lib/inspector';
import './styles/global.css';

if (import.meta.env.DEV) await startInspectorIfAsked();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
