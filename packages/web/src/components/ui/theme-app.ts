import {
  avatarSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  codeRecipe,
  dataListSlotRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  fieldsetSlotRecipe,
  kbdRecipe,
  listSlotRecipe,
  menuSlotRecipe,
  popoverSlotRecipe,
  progressSlotRecipe,
  radioGroupSlotRecipe,
  radiomarkRecipe,
  separatorRecipe,
  statSlotRecipe,
  statusSlotRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  tagSlotRecipe,
  timelineSlotRecipe,
  toastSlotRecipe,
  tooltipSlotRecipe,
} from '@chakra-ui/react/theme';

/**
 * The recipes of the components only the app's screens (and the dialogs and toasts of the public pages) show: a
 * chunk of its own, added to the design system by theme.ts's `loadAppTheme` before such a screen renders.
 */

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
export const appRecipes = {
  code: codeRecipe,
  kbd: kbdRecipe,
  separator: separatorRecipe,
  checkmark: checkmarkRecipe,
  radiomark: radiomarkRecipe,
};

export const appSlotRecipes = {
  avatar: avatarSlotRecipe,
  checkbox: checkboxSlotRecipe,
  dataList: dataListSlotRecipe,
  dialog: dialogSlotRecipe,
  drawer: drawerSlotRecipe,
  fieldset: fieldsetSlotRecipe,
  list: listSlotRecipe,
  menu: menuSlotRecipe,
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
};
