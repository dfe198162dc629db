import { useEffect, useRef, useState, type ReactNode } from 'react';

/** How far below the viewport a section starts rendering: far enough that it is drawn before it is scrolled to. */
const AHEAD = '600px 0px';

/**
 * Renders its children once their place comes near the viewport, so a long page's lower sections cost nothing while
 * the first screen loads (and where there is no IntersectionObserver, at once). Until then a placeholder of
 * `minHeight` keeps the page about as long as it will be.
 */
export function WhenNear({ minHeight, children }: { minHeight: number; children: ReactNode }) {
  const placeholder = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = placeholder.current;
    if (near || !element) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setNear(true);
    }, { rootMargin: AHEAD });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return near ? <>{children}</> : <div ref={placeholder} style={{ minHeight }} />;
}
