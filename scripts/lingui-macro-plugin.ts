import { transformAsync } from '@babel/core';
import type { Plugin } from 'vite';

const USES_MACRO = /from\s+['"]@lingui\/(?:core|react)\/macro['"]/;
const SCRIPT = /\.[cm]?[jt]sx?$/;

/**
 * Lingui's macros (`t`, `msg`, `plural`…) for Vite 8, through Babel (decision 018). Lingui's own route, the
 * `@rolldown/plugin-babel` plugin, needs Node 22; this runs the same Babel plugin, and only on the few files that
 * import a macro. A build strips each message's English text from the code: the compiled catalogue carries it.
 */
export function linguiMacro(): Plugin {
  let stripMessageField = false;
  return {
    name: 'club-lingui-macro',
    enforce: 'pre',
    configResolved(config) {
      stripMessageField = config.command === 'build';
    },
    async transform(code, id) {
      const file = id.split('?')[0]!;
      if (!SCRIPT.test(file) || file.includes('/node_modules/') || !USES_MACRO.test(code)) return undefined;
      const result = await transformAsync(code, {
        filename: file,
        babelrc: false,
        configFile: false,
        sourceMaps: true,
        parserOpts: { plugins: ['typescript', 'jsx'] },
        plugins: [['@lingui/babel-plugin-lingui-macro', { stripMessageField }]],
      });
      if (!result?.code) return undefined;
      return { code: result.code, map: result.map };
    },
  };
}
