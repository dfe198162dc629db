import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { NavigationProgress } from '@mantine/nprogress';
import { RouterProvider } from 'react-router-dom';
import { createAppRouter } from './router';
import { NOTIFICATION_Z_INDEX, theme } from './theme';

const router = createAppRouter();

export function App() {
  return (
    // The theme's CSS variables come with the stylesheet (themeVariables.ts in main.tsx), not computed here.
    <MantineProvider theme={theme} withCssVariables={false}>
      <ModalsProvider>
        <Notifications zIndex={NOTIFICATION_Z_INDEX} position="top-center" />
        <NavigationProgress />
        <RouterProvider router={router} />
      </ModalsProvider>
    </MantineProvider>
  );
}
