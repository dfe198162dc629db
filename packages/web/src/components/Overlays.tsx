import '@mantine/notifications/styles.css';
import '@mantine/nprogress/styles.css';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { NavigationProgress } from '@mantine/nprogress';
import { useEffect } from 'react';
import { NOTIFICATION_Z_INDEX } from '../theme';
import { releaseDialogs } from './pendingDialogs';

/**
 * What shows over the pages: dialogs (`modals.open…`), toasts (`notifications.show`) and the navigation bar, mounted
 * after the first page (App.tsx). Toasts and the bar keep their state in stores of the entry script and show it once
 * mounted; dialogs asked for earlier are sent again here (pendingDialogs.ts).
 */
export default function Overlays() {
  // Runs after the provider's own effects, which subscribe it to the dialog events.
  useEffect(releaseDialogs, []);
  return (
    <>
      <ModalsProvider />
      <Notifications zIndex={NOTIFICATION_Z_INDEX} position="top-center" />
      <NavigationProgress />
    </>
  );
}
