import { runtimeConfig } from '../read-runtime-config';
import { createAnalytics } from './analytics';

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

function appendScript(src: string) {
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  document.head.appendChild(script);
}

/** The app's one analytics instance, from the runtime configuration. */
export const analytics = createAnalytics({
  measurementId: runtimeConfig.analyticsId,
  origin: location.origin,
  dataLayer: runtimeConfig.analyticsId ? (window.dataLayer ??= []) : [],
  loadScript: appendScript,
});
