import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { AppRoutes } from './app-routes';
import type { FirstScreenModule, FirstScreenRender } from './domain/registration-lookup';
import type { RuntimeConfig } from './domain/runtime-config';
import './i18n/i18n';
import { messages as spanish } from './i18n/locales/es.po';
import { setServerRuntimeConfig } from './lib/read-runtime-config';

// The server renders in either language (decision 018): both catalogues are in its bundle.
i18n.load('es', spanish);

/**
 * The server's render of the customer app (decision 016), built by `npm run build` into dist/ssr/ and loaded by
 * server/features/pages/. The browser hydrates this HTML (main.tsx): the tree must be the browser's, with no
 * analytics, which only the browser sends.
 */
export const createFirstScreenRender: FirstScreenModule['createFirstScreenRender'] = (
  config: RuntimeConfig,
): FirstScreenRender => {
  setServerRuntimeConfig(config);
  return (path, token, lookup, language) => {
    // One render at a time (renderToString is synchronous), so the one i18n instance can switch per page.
    i18n.activate(language);
    const registration = { ...lookup.registration, token };
    const firstLookup = {
      answerFor: (asked: string | null) => (asked === token ? { kind: 'found' as const, registration } : null),
      used: () => {},
    };
    return renderToString(
      <StrictMode>
        <I18nProvider i18n={i18n}>
          <StaticRouter location={path}>
            {/* Where the browser's page-view tracker is, so both trees have the same shape. */}
            {null}
            <AppRoutes firstLookup={firstLookup} />
          </StaticRouter>
        </I18nProvider>
      </StrictMode>,
    );
  };
};
