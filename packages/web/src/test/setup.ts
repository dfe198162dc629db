import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import '../i18n';

// findBy* and waitFor wait for a state, not for a time: on a loaded machine (CI shares two cores) a page can take
// seconds to render, and the default second would fail a correct page.
configure({ asyncUtilTimeout: 10_000 });

// The files share a worker (isolate: false in vitest.config.ts); forgetting the modules loaded so far gives this
// file fresh module-level state (the site data, the cart count, sessions) and lets its vi.mock apply.
vi.resetModules();

// Browser APIs jsdom lacks that Mantine and the router use.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStandIn {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStandIn;
Element.prototype.scrollIntoView = () => undefined;
window.scrollTo = () => undefined;
// The rich-text editor measures text ranges and finds drop points; jsdom has no layout.
const noRect = () => new DOMRect(0, 0, 0, 0);
Range.prototype.getBoundingClientRect = noRect;
Range.prototype.getClientRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
document.elementFromPoint = () => null;

afterEach(() => {
  cleanup();
  localStorage.clear();
});
