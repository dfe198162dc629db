// Reads started ahead of their page (reads.ts), taken once by the page's useLoad. A read is started again on every
// navigation to its page, so a page never takes an answer older than the navigation that showed it.
import { sizedSrcSet } from '@qshop/shared/sizedImages';
import type { MainPicture, PageRead } from './reads';

const started = new Map<string, Promise<unknown>>();

/** Starts a page's read now, and then the picture `pictureOf` names in its answer. */
export function prefetch<T>(read: PageRead<T>, pictureOf?: (answer: T) => MainPicture | undefined) {
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

/** Asks for a picture at high priority before the page that shows it has rendered (once per address): the sized copy
 *  the page's `srcset` will pick when the picture has copies, else the original. */
export function preloadImage(picture: MainPicture | undefined) {
  if (!picture || preloaded.has(picture.src)) return;
  preloaded.add(picture.src);
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = picture.src;
  const srcSet = sizedSrcSet(picture.src);
  if (srcSet) {
    link.imageSrcset = srcSet;
    link.imageSizes = picture.sizes;
  }
  link.fetchPriority = 'high';
  document.head.append(link);
}
