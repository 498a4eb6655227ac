import { createSystem, defaultBaseConfig, defineConfig, type SystemContext } from '@chakra-ui/react';
import {
  accordionSlotRecipe,
  alertSlotRecipe,
  animationStyles,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  containerRecipe,
  emptyStateSlotRecipe,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputAddonRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  nativeSelectSlotRecipe,
  semanticTokens,
  skeletonRecipe,
  spinnerRecipe,
  textStyles,
  textareaRecipe,
  tokens,
} from '@chakra-ui/react/theme';

/**
 * Chakra's default theme minus the recipes of components we do not use, which would otherwise
 * ship on every page (~25 KB gzip): date/colour pickers, combobox, select (we use NativeSelect),
 * code block, tags input, carousel, slider, steps, file upload, tree view, radio/checkbox cards,
 * rating, splitter, editable, pin input, number input, hover card, listbox, marquee, QR code,
 * action bar, floating panel, breadcrumb, blockquote, collapsible, progress circle, segment
 * group, mark, skip-nav link.
 * Using one of those? Import its recipe from '@chakra-ui/react/theme' and add it below (or, for a component only
 * the app's screens show, in theme-app.ts), otherwise it renders unstyled.
 *
 * The recipes here are those of the components the public pages show (the pre-rendered pages, their data and
 * their forms); the app's others (dialog, menu, table, tabs, toast...) are in theme-app.ts, a chunk of its own
 * that every other screen loads with its code (`withAppTheme`): the home page does not download them.
 */
/**
 * Colour palettes the app never uses. Each palette is a dozen tokens and as many semantic ones that every
 * page builds into its design system at start-up (and into the CSS variables of every pre-rendered page):
 * leaving out these two makes building the system about a quarter cheaper. Using one? Remove it from here.
 */
const UNUSED_PALETTES = new Set(['cyan', 'pink']);
const withoutUnusedPalettes = <T extends Record<string, unknown>>(colors: T): T =>
  Object.fromEntries(Object.entries(colors).filter(([name]) => !UNUSED_PALETTES.has(name))) as T;

const themeConfig = defineConfig({
  preflight: true,
  cssVarsPrefix: 'chakra',
  cssVarsRoot: ':where(html, .chakra-theme)',
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens: { ...tokens, colors: withoutUnusedPalettes(tokens.colors) },
    semanticTokens: { ...semanticTokens, colors: withoutUnusedPalettes(semanticTokens.colors) },
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      input: inputRecipe,
      inputAddon: inputAddonRecipe,
      link: linkRecipe,
      skeleton: skeletonRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
      icon: iconRecipe,
    },
    slotRecipes: {
      accordion: accordionSlotRecipe,
      alert: alertSlotRecipe,
      card: cardSlotRecipe,
      emptyState: emptyStateSlotRecipe,
      field: fieldSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
    },
  },
});

const appConfig = defineConfig({
  globalCss: {
    // Semantic colours (light and dark values): the page follows the theme.
    'html, body': { bg: 'bg.subtle', color: 'fg' },
    // Anchor jumps (privacy sections) should not hide under the sticky header.
    html: { scrollPaddingTop: '80px' },
    // A focus ring everyone can see on whatever the keyboard reaches (components with a ring of their own keep it:
    // `:where` gives this rule no weight over them).
    ':where(a, button, [role="button"], [tabindex]:not([tabindex="-1"]), summary):focus-visible': {
      outline: '3px solid',
      outlineColor: 'teal.600',
      outlineOffset: '2px',
    },
  },
  theme: {
    semanticTokens: {
      colors: {
        // Teal buttons carry white text: teal.600 gives 3.7:1, under WCAG AA's 4.5:1; teal.700 (the brand
        // colour) gives 5.5:1.
        teal: { solid: { value: '{colors.teal.700}' } },
        // Red buttons (hovered: the solid at 90%) and error texts: red.600 gave 4.3:1 hovered and 3.76:1 for
        // an error under a field; red.700 keeps both above 4.5:1 (red.300 on the dark theme's background).
        red: { solid: { value: '{colors.red.700}' } },
        fg: { error: { value: { _light: '{colors.red.700}', _dark: '{colors.red.300}' } } },
      },
    },
    tokens: {
      fonts: {
        heading: { value: `system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif` },
        body: { value: `system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif` },
      },
    },
  },
});

let system: SystemContext | undefined;

/** The names of the recipes above: what the pre-rendered pages may use (see entry-server.tsx's check). */
export const PUBLIC_RECIPES: ReadonlySet<string> = new Set([
  ...Object.keys(themeConfig.theme?.recipes ?? {}),
  ...Object.keys(themeConfig.theme?.slotRecipes ?? {}),
]);

let appTheme: Promise<void> | undefined;

/**
 * Adds the app's recipes (theme-app.ts) to the design system, once: Chakra reads a component's recipe when the
 * component first renders, so they must be in before a screen that uses them renders (`withAppTheme`).
 */
export function loadAppTheme(): Promise<void> {
  appTheme ??= import('./theme-app').then(({ appRecipes, appSlotRecipes }) => {
    const theme = (getSystem() as unknown as { _config: { theme: Record<string, Record<string, unknown>> } })._config
      .theme;
    Object.assign((theme.recipes ??= {}), appRecipes);
    Object.assign((theme.slotRecipes ??= {}), appSlotRecipes);
  });
  return appTheme;
}

/** `load` (a screen's code) once the app's recipes are in the design system too. */
export async function withAppTheme<T>(load: Promise<T>): Promise<T> {
  const [module] = await Promise.all([load, loadAppTheme()]);
  return module;
}

type CssObject = Record<string, Record<string, string>>;

/**
 * "Follow the system" without a script: Chakra switches its semantic colours on a `dark` class; the same dark
 * values also apply under `prefers-color-scheme: dark` unless the page is forced light (`<html class="light">`).
 * The server puts the visitor's choice on <html> (see packages/server/src/web-app.ts), so the first paint of a
 * pre-rendered page is already in the right theme.
 */
export function followSystemDarkCss(sys: SystemContext): Record<string, unknown> {
  const layers = (sys as unknown as { _global: Array<Record<string, CssObject>> })._global;
  const tokens = layers.find((layer) => layer['@layer tokens'])?.['@layer tokens'] ?? {};
  const darkKey = Object.keys(tokens).find((key) => key.startsWith('.dark &'));
  const dark = darkKey ? tokens[darkKey] : undefined;
  if (!dark) throw new Error("theme: Chakra's dark colour tokens were not found (has its config changed?)");
  return {
    '@layer tokens': {
      '@media (prefers-color-scheme: dark)': { ':root:not(.light)': { ...dark, colorScheme: 'dark' } },
      ':root.dark': { colorScheme: 'dark' },
      ':root.light': { colorScheme: 'light' },
    },
  };
}

/**
 * Our design system: Chakra's base preset, the trimmed default theme, our global styles. Built on first use
 * (tens of milliseconds of work: main.tsx gives it a task of its own before React starts).
 */
export function getSystem(): SystemContext {
  system ??= createSystem(defaultBaseConfig, themeConfig, appConfig);
  return system;
}
