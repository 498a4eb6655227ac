import { createSystem, defaultBaseConfig, defineConfig, type SystemContext } from '@chakra-ui/react';
import {
  accordionSlotRecipe,
  alertSlotRecipe,
  animationStyles,
  avatarSlotRecipe,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  codeRecipe,
  containerRecipe,
  dataListSlotRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  emptyStateSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputAddonRecipe,
  inputRecipe,
  kbdRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  popoverSlotRecipe,
  progressSlotRecipe,
  radioGroupSlotRecipe,
  radiomarkRecipe,
  semanticTokens,
  separatorRecipe,
  skeletonRecipe,
  spinnerRecipe,
  statSlotRecipe,
  statusSlotRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  tagSlotRecipe,
  textStyles,
  textareaRecipe,
  timelineSlotRecipe,
  toastSlotRecipe,
  tokens,
  tooltipSlotRecipe,
} from '@chakra-ui/react/theme';

/**
 * Chakra's default theme minus the recipes of components we do not use, which would otherwise
 * ship on every page (~25 KB gzip): date/colour pickers, combobox, select (we use NativeSelect),
 * code block, tags input, carousel, slider, steps, file upload, tree view, radio/checkbox cards,
 * rating, splitter, editable, pin input, number input, hover card, listbox, marquee, QR code,
 * action bar, floating panel, breadcrumb, blockquote, collapsible, progress circle, segment
 * group, mark, skip-nav link.
 * Using one of those? Import its recipe from '@chakra-ui/react/theme' and add it below,
 * otherwise it renders unstyled.
 */
/**
 * Colour palettes the app never uses. Each palette is a dozen tokens and as many semantic ones that every
 * page builds into its design system at start-up (and into the CSS variables of every pre-rendered page):
 * leaving out these two makes building the system about a quarter cheaper. Using one? Remove it from here.
 */
const UNUSED_PALETTES = new Set(['cyan', 'pink']);
const withoutUnusedPalettes = <T extends Record<string, unknown>>(colors: T): T =>
  Object.fromEntries(Object.entries(colors).filter(([name]) => !UNUSED_PALETTES.has(name))) as T;

/**
 * Chakra's toasts put white text on green.600 / orange.600 (3.3:1 and 3.6:1) and fade the description to 80%: below
 * WCAG AA's 4.5:1 for their small text. The 700 shades (and red.600) with the description at full strength pass.
 */
const accessibleToast = {
  ...toastSlotRecipe,
  base: {
    ...toastSlotRecipe.base,
    root: {
      ...toastSlotRecipe.base?.root,
      '&[data-type=warning]': { ...toastSlotRecipe.base?.root?.['&[data-type=warning]'], bg: 'orange.700' },
      '&[data-type=success]': { ...toastSlotRecipe.base?.root?.['&[data-type=success]'], bg: 'green.700' },
    },
    description: { ...toastSlotRecipe.base?.description, opacity: '1' },
  },
};

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
      code: codeRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      input: inputRecipe,
      inputAddon: inputAddonRecipe,
      kbd: kbdRecipe,
      link: linkRecipe,
      separator: separatorRecipe,
      skeleton: skeletonRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
      icon: iconRecipe,
      checkmark: checkmarkRecipe,
      radiomark: radiomarkRecipe,
    },
    slotRecipes: {
      accordion: accordionSlotRecipe,
      alert: alertSlotRecipe,
      avatar: avatarSlotRecipe,
      card: cardSlotRecipe,
      checkbox: checkboxSlotRecipe,
      dataList: dataListSlotRecipe,
      dialog: dialogSlotRecipe,
      drawer: drawerSlotRecipe,
      emptyState: emptyStateSlotRecipe,
      field: fieldSlotRecipe,
      fieldset: fieldsetSlotRecipe,
      list: listSlotRecipe,
      menu: menuSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      popover: popoverSlotRecipe,
      progress: progressSlotRecipe,
      radioGroup: radioGroupSlotRecipe,
      stat: statSlotRecipe,
      status: statusSlotRecipe,
      switch: switchSlotRecipe,
      table: tableSlotRecipe,
      tabs: tabsSlotRecipe,
      tag: tagSlotRecipe,
      timeline: timelineSlotRecipe,
      toast: accessibleToast,
      tooltip: tooltipSlotRecipe,
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
