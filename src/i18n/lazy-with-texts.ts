import { lazy, type ComponentType } from 'react';

/**
 * A component loaded when first shown, together with its catalogue (`addCatalogue` in its chunk): it renders once
 * the texts of the language on screen are in, so it never shows an untranslated text (decision 035).
 */
export function lazyWithTexts<TModule, TProps extends object>(
  load: () => Promise<TModule>,
  pick: (module: TModule) => { component: ComponentType<TProps>; texts: Promise<void> },
) {
  return lazy(async () => {
    const { component, texts } = pick(await load());
    await texts;
    return { default: component };
  });
}
