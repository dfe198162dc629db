import { notifications } from '@mantine/notifications';

export function notifyError(message: string, title?: string) {
  notifications.show({ color: 'red', title, message });
}

export function notifySuccess(message: string) {
  notifications.show({ color: 'green', message });
}
