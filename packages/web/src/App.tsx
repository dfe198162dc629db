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
    <MantineProvider theme={theme}>
      <ModalsProvider>
        <Notifications zIndex={NOTIFICATION_Z_INDEX} position="top-center" />
        <NavigationProgress />
        <RouterProvider router={router} />
      </ModalsProvider>
    </MantineProvider>
  );
}
