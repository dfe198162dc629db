// What the review pages compute: the body posted for a line, and what the order's review page says overall.
import { MAX_REVIEW_IMAGES, REVIEW_SCORES, SCORE_MAX, type ReviewScore } from '@qshop/shared/reviewRules';
import type { OrderReviews, ReviewLine } from '@qshop/shared/schemas/reviews';

export type ReviewDraft = Record<ReviewScore, number> & { content: string; image: string[] };

/** Stars start full: most buyers only change the scores they disagree with. */
export const emptyDraft = (): ReviewDraft => ({ score: SCORE_MAX, agree: SCORE_MAX, service: SCORE_MAX, speed: SCORE_MAX, content: '', image: [] });

/** POST /api/user/comments for the line. */
export function reviewBody(lineId: number, draft: ReviewDraft): Record<string, unknown> {
  const scores = Object.fromEntries(REVIEW_SCORES.map((key) => [key, draft[key]]));
  return { order_goods_id: lineId, ...scores, content: draft.content.trim(), image: draft.image.slice(0, MAX_REVIEW_IMAGES) };
}

export const canAddImage = (draft: ReviewDraft) => draft.image.length < MAX_REVIEW_IMAGES;

/** How the order's review page stands: not open yet, lines still to review, or all reviewed. */
export function orderState(page: Pick<OrderReviews, 'open' | 'lines'>): 'not_open' | 'pending' | 'done' {
  if (!page.open) return 'not_open';
  return page.lines.some((line: ReviewLine) => line.reviewable) ? 'pending' : 'done';
}
