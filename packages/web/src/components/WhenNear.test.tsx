import { act, render, screen } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import { WhenNear } from './WhenNear';

type Callback = (entries: { isIntersecting: boolean }[]) => void;

/** An IntersectionObserver the test drives: `callbacks` are the observers made, `observed` what they watch. */
function stubObserver() {
  const callbacks: Callback[] = [];
  const disconnect = vi.fn();
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: Callback, readonly options: { rootMargin?: string }) {
        callbacks.push(callback);
      }
      observe() {}
      disconnect = disconnect;
    },
  );
  return { callbacks, disconnect };
}

test('keeps a placeholder of the given height until its place nears the viewport, then draws the section', () => {
  const observer = stubObserver();
  const { container } = render(
    <WhenNear minHeight={420}>
      <p>floor 2</p>
    </WhenNear>,
  );
  expect(screen.queryByText('floor 2')).toBeNull();
  expect((container.firstElementChild as HTMLElement).style.minHeight).toBe('420px');

  act(() => observer.callbacks[0]([{ isIntersecting: false }]));
  expect(screen.queryByText('floor 2')).toBeNull();
  act(() => observer.callbacks[0]([{ isIntersecting: true }]));
  expect(screen.getByText('floor 2')).toBeInTheDocument();
  expect(observer.disconnect).toHaveBeenCalled();
});

test('draws at once where the browser has no IntersectionObserver', () => {
  vi.stubGlobal('IntersectionObserver', undefined);
  render(
    <WhenNear minHeight={420}>
      <p>floor 2</p>
    </WhenNear>,
  );
  expect(screen.getByText('floor 2')).toBeInTheDocument();
});
