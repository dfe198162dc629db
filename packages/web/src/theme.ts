import { Combobox, HoverCard, Menu, Modal, Drawer, Popover, Tooltip, createTheme } from '@mantine/core';
import { Z_INDEX } from './config';

// Dialogs sit at the spec's z-index; anything that pops out of them must sit above it.
const OVERLAY_Z_INDEX = Z_INDEX + 10;
export const NOTIFICATION_Z_INDEX = Z_INDEX + 20;

export const theme = createTheme({
  primaryColor: 'red',
  defaultRadius: 'sm',
  components: {
    Modal: Modal.extend({ defaultProps: { zIndex: Z_INDEX } }),
    Drawer: Drawer.extend({ defaultProps: { zIndex: Z_INDEX } }),
    Popover: Popover.extend({ defaultProps: { zIndex: OVERLAY_Z_INDEX } }),
    Combobox: Combobox.extend({ defaultProps: { zIndex: OVERLAY_Z_INDEX } }),
    Menu: Menu.extend({ defaultProps: { zIndex: OVERLAY_Z_INDEX } }),
    Tooltip: Tooltip.extend({ defaultProps: { zIndex: OVERLAY_Z_INDEX } }),
    HoverCard: HoverCard.extend({ defaultProps: { zIndex: OVERLAY_Z_INDEX } }),
  },
});
