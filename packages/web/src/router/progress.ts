import { nprogress } from '@mantine/nprogress';

let running = false;

export function startProgress() {
  if (running) return;
  running = true;
  nprogress.start();
}

export function completeProgress() {
  if (!running) return;
  running = false;
  nprogress.complete();
}
