import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ConsoleApp } from './console-app';
// The console is in English; the customer components it shares (the phone input) read their texts through Lingui.
import '../i18n/i18n';
import '../styles/global.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ConsoleApp />
  </StrictMode>,
);
