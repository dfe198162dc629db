/** The shopper's point as the store list takes it (degrees with 6 decimals). */
export interface Point {
  lat: string;
  lng: string;
}

const TIMEOUT_MS = 10_000;
const MAX_AGE_MS = 10 * 60_000;

/** Asks the browser for the shopper's position; null when it is unsupported, refused or times out. */
export function currentPoint(): Promise<Point | null> {
  if (typeof navigator === 'undefined' || !navigator.geolocation) return Promise.resolve(null);
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => resolve({ lat: coords.latitude.toFixed(6), lng: coords.longitude.toFixed(6) }),
      () => resolve(null),
      { timeout: TIMEOUT_MS, maximumAge: MAX_AGE_MS },
    );
  });
}
