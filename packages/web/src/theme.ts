import { createTheme, type MantineThemeOverride } from '@mantine/core';
import { Z_INDEX } from './config';

// Dialogs sit at the back offices' dialog z-index; anything that pops out of them must sit above it. Plain objects, not
// `Modal.extend(...)`: importing the components here would put them all (and their positioning library) in the
// first script every page loads.
const OVERLAY_Z_INDEX = Z_INDEX + 10;
export const NOTIFICATION_Z_INDEX = Z_INDEX + 20;

export const theme = createTheme({
  primaryColor: 'red',
  // WCAG AA contrast: red 9 is 5.5:1 on white (text, links) and white on it (filled buttons); Mantine's default red 6
  // is 3.3:1.
  primaryShade: { light: 9, dark: 8 },
  defaultRadius: 'sm',
  // A reader who asks the system for less motion gets dialogs, drawers and menus without their transitions.
  respectReducedMotion: true,
  components: {
    Modal: { defaultProps: { zIndex: Z_INDEX } },
    Drawer: { defaultProps: { zIndex: Z_INDEX } },
    Popover: { defaultProps: { zIndex: OVERLAY_Z_INDEX } },
    Combobox: { defaultProps: { zIndex: OVERLAY_Z_INDEX } },
    Menu: { defaultProps: { zIndex: OVERLAY_Z_INDEX } },
    Tooltip: { defaultProps: { zIndex: OVERLAY_Z_INDEX } },
    HoverCard: { defaultProps: { zIndex: OVERLAY_Z_INDEX } },
  },
});

/**
 * The theme with the name of every close button (a dialog's, a drawer's, a toast's: Mantine draws them as an icon
 * alone) in the current language; a close button given its own name keeps it.
 */
export function themeWithCloseLabel(label: string): MantineThemeOverride {
  return { ...theme, components: { ...theme.components, CloseButton: { defaultProps: { 'aria-label': label } } } };
}
