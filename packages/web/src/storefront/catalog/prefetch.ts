// Reads started ahead of their page (reads.ts), taken once by the page's useLoad. A read is started again on every
// navigation to its page, so a page never takes an answer older than the navigation that showed it.
import type { PageRead } from './reads';

const started = new Map<string, Promise<unknown>>();

/** Starts a page's read now, and then the picture `pictureOf` names in its answer. */
export function prefetch<T>(read: PageRead<T>, pictureOf?: (answer: T) => string | undefined) {
  const answer = read.load();
  started.set(read.key, answer);
  answer.then(
    (value) => pictureOf && preloadImage(pictureOf(value)),
    // The page reports a failure when it takes the answer (the client has already shown why).
    () => {},
  );
}

/** The read started for `key`, once. */
export function takePrefetched<T>(key: string): Promise<T> | undefined {
  const answer = started.get(key) as Promise<T> | undefined;
  started.delete(key);
  return answer;
}

const preloaded = new Set<string>();

/** Asks for a picture at high priority before the page that shows it has rendered (once per address). */
export function preloadImage(url: string | undefined) {
  if (!url || preloaded.has(url)) return;
  preloaded.add(url);
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = url;
  link.fetchPriority = 'high';
  document.head.append(link);
}
