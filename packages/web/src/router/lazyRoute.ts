import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { RouteError } from '../pages/RouteError';
import { loadChunk } from './chunks';

export interface PageModule {
  default: ComponentType;
}

/** A route whose component arrives in its own chunk; a failed chunk shows in the route's own error boundary. */
export function lazyRoute(chunk: string, importer: () => Promise<PageModule>): Pick<RouteObject, 'lazy' | 'ErrorBoundary'> {
  return {
    lazy: async () => {
      try {
        return { Component: (await loadChunk(chunk, importer)).default };
      } catch (error) {
        // A rejected `lazy` leaves the route marked unloaded and react-router renders nothing below the
        // root; a component that throws puts the failure in this route's error boundary instead (a loader
        // could not: routes that start their data early have one of their own, router.tsx).
        return {
          Component: () => {
            throw error;
          },
        };
      }
    },
    ErrorBoundary: RouteError,
  };
}
