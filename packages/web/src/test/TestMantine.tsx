// Mantine as the tests render it. env "test" turns every transition off: a transition's timer still running when a
// file ends fires into the torn-down jsdom ("window is not defined") and fails the whole run on a busy machine. It
// also renders overlays in place rather than in portals; tests find them through `screen` all the same.
import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';

export function TestMantine({ children }: { children: ReactNode }) {
  return <MantineProvider env="test">{children}</MantineProvider>;
}
