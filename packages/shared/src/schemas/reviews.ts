// Reviews of order lines: what the shopper posts (POST /api/user/comments) and reads (the order's lines awaiting
// review, one line, own reviews), and what the storefront and back office answer about them.
import { z } from 'zod'
import * as zx from '../zx.ts'
import { STOREFRONT_MAX_PAGE, STOREFRONT_MAX_PER_PAGE } from '../catalogRules.ts'
import { MAX_REVIEW_IMAGES, REVIEW_TEXT_MAX, SCORE_MAX, SCORE_MIN, type ReviewScore } from '../reviewRules.ts'

export * from '../reviewRules.ts'

/** An uploaded file's URL as uploads.url stores it. */
const IMAGE_URL_MAX = 255

const score = () => zx.int().pipe(z.number().min(SCORE_MIN).max(SCORE_MAX))

/** POST /api/user/comments: one review of one line of an own received order. */
export const reviewBody = z.strictObject({
  order_goods_id: zx.id(),
  score: score(),
  agree: score(),
  service: score(),
  speed: score(),
  content: zx.text(REVIEW_TEXT_MAX).default(''),
  /** a form posts `image[]=…` per picture, and no picture as `image=` */
  image: z.preprocess((v) => (v === '' || v === undefined ? [] : v), z.array(z.string().trim().min(1).max(IMAGE_URL_MAX)).max(MAX_REVIEW_IMAGES)),
})
export type ReviewBody = z.infer<typeof reviewBody>

/** GET /api/user/comments */
export const ownReviewsQuery = z.strictObject({
  page: zx.urlInt(1, STOREFRONT_MAX_PAGE).default(1),
  per_page: zx.urlInt(1, STOREFRONT_MAX_PER_PAGE).default(10),
})

export type ReviewScores = Record<ReviewScore, number>

export type ReviewOfLine = ReviewScores & {
  id: number
  content: string
  image: string[]
  reply: string | null
  reply_time: string | null
  created_at: string
}

/** A line of an order as the review pages show it. `reviewable`: a review may be posted for it now. */
export type ReviewLine = {
  /** order_goods.id: /user/comment/add/{id} */
  id: number
  order_id: number
  goods_id: number
  goods_name: string
  goods_image: string
  sku_name: string
  buy_num: number
  /** every unit refunded: nothing to review */
  refunded: boolean
  comment: ReviewOfLine | null
  reviewable: boolean
}

/** GET /api/user/order/comment/{id} */
export type OrderReviews = {
  order: { id: number; order_no: string; order_status: number; store_name: string; created_at: string }
  /** the order is received or completed: its lines may be reviewed */
  open: boolean
  lines: ReviewLine[]
}

/** GET /api/user/comment/add/{id} */
export type LineReview = { order: OrderReviews['order']; open: boolean; line: ReviewLine }

/** POST /api/user/comments answers */
export type ReviewPosted = { id: number; order_completed: boolean }

/** A row of GET /api/user/comments */
export type OwnReview = ReviewOfLine & { order_id: number; order_goods_id: number; goods_id: number; goods_name: string; goods_image: string; sku_name: string }
