// The theme's CSS variables (its colours, radius...) written into the build's stylesheet once, instead of computed by
// MantineProvider on every page load (App.tsx turns that off): the computation was the largest script task of the
// storefront's first render. src/themeVariables.test.tsx checks the two agree.
import { DEFAULT_THEME, convertCssVariables, defaultCssVariablesResolver, mergeMantineTheme } from '@mantine/core';
import type { Plugin } from 'vite';
import { theme } from './src/theme';

const MODULE_ID = 'virtual:theme-variables.css';

/** The variables MantineProvider writes for the theme: those differing from Mantine's own stylesheet. */
export function themeVariablesCss(): string {
  const ours = defaultCssVariablesResolver(mergeMantineTheme(DEFAULT_THEME, theme));
  const defaults = defaultCssVariablesResolver(DEFAULT_THEME);
  const changed = (part: keyof typeof ours) =>
    Object.fromEntries(Object.entries(ours[part]).filter(([name, value]) => defaults[part][name as keyof (typeof defaults)[typeof part]] !== value));
  return convertCssVariables({ variables: changed('variables'), light: changed('light'), dark: changed('dark') }, ':root');
}

/** Vite plugin: `import 'virtual:theme-variables.css'` is the theme's variables as a stylesheet. */
export function themeVariables(): Plugin {
  return {
    name: 'qshop-theme-variables',
    resolveId: (source) => (source === MODULE_ID ? `\0${MODULE_ID}` : null),
    load: (id) => (id === `\0${MODULE_ID}` ? themeVariablesCss() : null),
  };
}
