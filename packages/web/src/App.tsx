import { MantineProvider } from '@mantine/core';
import { useEffect } from 'react';
import { RouterProvider } from 'react-router-dom';
import { holdDialogs } from './components/pendingDialogs';
import { createAppRouter } from './router';
import { theme } from './theme';
import { deferredChunk, whenIdle } from './utils/deferredChunk';

const router = createAppRouter();

// Dialogs, toasts and the navigation bar (with the modal, scroll-area and positioning code they bring) are no part of
// a first paint: their chunk is asked for once the first page has rendered and the browser is idle, so it takes
// neither bandwidth nor main-thread time from that page; a dialog opened before then asks for it at once.
const overlays = deferredChunk(() => import('./components/Overlays'));

function afterFirstPage(run: () => void): () => void {
  let cancel = () => {};
  if (router.state.initialized) return whenIdle(run);
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized) return;
    unsubscribe();
    cancel = whenIdle(run);
  });
  return () => {
    unsubscribe();
    cancel();
  };
}

function Overlays() {
  const module = overlays.useChunk(false);
  return module && <module.default />;
}

export function App() {
  useEffect(() => {
    holdDialogs(overlays.request);
    return afterFirstPage(overlays.request);
  }, []);
  return (
    // The theme's CSS variables come with the stylesheet (themeVariables.ts in main.tsx), not computed here.
    <MantineProvider theme={theme} withCssVariables={false}>
      <RouterProvider router={router} />
      <Overlays />
    </MantineProvider>
  );
}
