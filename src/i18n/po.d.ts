// A catalogue compiled by @lingui/vite-plugin at build time (decision 018).
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
