// Dialogs opened before the overlays' chunk has mounted their provider (App.tsx): @mantine/modals opens them by window
// events that nobody would hear yet, so they are held here, the overlays are asked for at once, and the events are sent
// again when the provider listens.
const MODAL_EVENTS = ['openModal', 'openConfirmModal', 'openContextModal', 'closeModal', 'closeAllModals', 'updateModal', 'updateContextModal'];

let held: CustomEvent[] | null = null;
let onFirst: (() => void) | null = null;

function hold(event: Event) {
  held?.push(new CustomEvent(event.type, { detail: (event as CustomEvent).detail }));
  onFirst?.();
  onFirst = null;
}

/** Starts holding dialog events; `requested` is called at the first one. */
export function holdDialogs(requested: () => void) {
  if (held) return;
  held = [];
  onFirst = requested;
  for (const name of MODAL_EVENTS) window.addEventListener(`mantine-modals:${name}`, hold);
}

/** The provider listens now: stop holding and send the held events again, in order. */
export function releaseDialogs() {
  if (!held) return;
  for (const name of MODAL_EVENTS) window.removeEventListener(`mantine-modals:${name}`, hold);
  const events = held;
  held = null;
  onFirst = null;
  for (const event of events) window.dispatchEvent(event);
}
