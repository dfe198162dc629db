// The entry page of the home and goods pages carries the page's main picture, and that of the plain search page its
// first card's picture (server plugins/firstPicture.ts), shown where the page will show it (firstPicture.css) from the
// first paint on, while the scripts load and run. The page removes it once its own copy of the picture has loaded, or
// once it shows something else there (no slides, a goods that failed to load, no goods found, an error, another page).
import { useEffect } from 'react';
import { FIRST_PICTURE_CLASS } from '@qshop/shared/pagePictures';

export function handOverFirstPicture() {
  for (const picture of document.querySelectorAll(`.${FIRST_PICTURE_CLASS}`)) picture.remove();
}

/** Removes the entry page's picture once `now` is true: the page shows no picture of its own in its place. */
export function useHandOverFirstPicture(now: boolean) {
  useEffect(() => {
    if (now) handOverFirstPicture();
  }, [now]);
}
