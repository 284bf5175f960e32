import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

/** The smallest React 19 page Vite builds: what every figure of the bundle and page-load sections is divided by. */
function Hello() {
  return <h1>Hello</h1>;
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Hello />
  </StrictMode>,
);
