import { useEffect, useRef } from 'react';

/**
 * A ref whose element takes the focus when it mounts, if `focus`. For a control that replaces a stand-in the keyboard
 * was on (the storefront header's menus, HomeLayout.tsx): without it the focus falls to the page's body when the
 * stand-in leaves, and the next Tab starts again from the top.
 */
export function useFocusOnMount<T extends HTMLElement>(focus: boolean) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
    // Only on mount: a later change of `focus` moves nothing.
  }, []);
  return ref;
}

/**
 * A ref for a button that shows `busy` with Mantine's `loading`, which disables it: a disabled button loses the focus
 * to the page's body, so a keyboard user who pressed it would start again from the top. When it is enabled again and
 * the focus is still nowhere, the button takes it back (only if it had the focus when it turned busy).
 */
export function useFocusKept<T extends HTMLElement>(busy: boolean) {
  const ref = useRef<T>(null);
  const wasBusy = useRef(false);
  const hadFocus = useRef(false);
  // Read while rendering the busy state, before it disables the button.
  if (busy && !wasBusy.current) hadFocus.current = ref.current !== null && document.activeElement === ref.current;
  wasBusy.current = busy;
  useEffect(() => {
    if (busy || !hadFocus.current) return;
    hadFocus.current = false;
    const active = document.activeElement;
    if (!active || active === document.body) ref.current?.focus();
  }, [busy]);
  return ref;
}
