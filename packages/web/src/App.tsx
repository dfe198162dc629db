import { MantineProvider } from '@mantine/core';
import { notificationsStore } from '@mantine/notifications';
import { nprogressStore } from '@mantine/nprogress';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router-dom';
import { holdDialogs } from './components/pendingDialogs';
import { createAppRouter } from './router';
import { themeWithCloseLabel } from './theme';
import { deferredChunk } from './utils/deferredChunk';

const router = createAppRouter();

// Dialogs, toasts and the navigation bar (with the modal, scroll-area and positioning code they bring) are no part of
// a page load: their chunk is asked for at the first sign that one is needed (a dialog or toast asked for, a
// navigation, the user's first press of a key, button or screen), so the first page spends neither bandwidth nor
// main-thread time on it. A dialog asked for earlier waits for it (pendingDialogs.ts); toasts and the bar keep their
// state in stores of this script and show it once the chunk has mounted them.
const overlays = deferredChunk(() => import('./components/Overlays'));

const FIRST_INPUTS = ['pointerdown', 'keydown', 'touchstart'] as const;

/** Calls `run` once, at the first toast, navigation-bar change or user input; answers a cancel function. */
function atFirstNeed(run: () => void): () => void {
  const unsubscribers = [notificationsStore.subscribe(fire), nprogressStore.subscribe(fire)];
  for (const type of FIRST_INPUTS) window.addEventListener(type, fire, { capture: true, passive: true });
  function stop() {
    for (const unsubscribe of unsubscribers) unsubscribe();
    for (const type of FIRST_INPUTS) window.removeEventListener(type, fire, { capture: true });
  }
  function fire() {
    stop();
    run();
  }
  return stop;
}

function Overlays() {
  const module = overlays.useChunk();
  return module && <module.default />;
}

export function App() {
  const { t } = useTranslation();
  const closeLabel = t('common.close');
  const theme = useMemo(() => themeWithCloseLabel(closeLabel), [closeLabel]);
  useEffect(() => {
    holdDialogs(overlays.request);
    return atFirstNeed(overlays.request);
  }, []);
  return (
    // The theme's CSS variables come with the stylesheet (themeVariables.ts in main.tsx), not computed here.
    <MantineProvider theme={theme} withCssVariables={false}>
      <RouterProvider router={router} />
      <Overlays />
    </MantineProvider>
  );
}
