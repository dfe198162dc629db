// Review numbers the pages need without the request schemas (which bring zod into the page's first load).
// schemas/reviews.ts re-exports them.

/** A review's four scores, each a whole 1–5 (stars): overall, as described, service, shipping speed. */
export const REVIEW_SCORES = ['score', 'agree', 'service', 'speed'] as const
export type ReviewScore = (typeof REVIEW_SCORES)[number]
export const SCORE_MIN = 1
export const SCORE_MAX = 5
/** Pictures one review may carry, from the shopper's own uploads. */
export const MAX_REVIEW_IMAGES = 6
export const REVIEW_TEXT_MAX = 500
export const REPLY_TEXT_MAX = 500
/** The upload folder of review pictures (POST /api/uploads, name=). */
export const REVIEW_UPLOAD_FOLDER = 'comment'
