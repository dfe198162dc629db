// The review pages translate through i18n/reviews.*.json (key prefix `reviews`): both languages hold the same keys,
// and every literal key the pages name exists, as does every score label they build.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { keyPaths } from '../test/translationKeys';
import { REVIEW_SCORES } from '@qshop/shared/reviewRules';
import reviewsEn from './reviews.en.json';
import reviewsZhCn from './reviews.zh-cn.json';

const FILES = [
  '../user/reviews/ReviewForm.tsx', '../user/reviews/ReviewView.tsx', '../user/reviews/LineCard.tsx', '../user/reviews/OrderReviewPage.tsx',
  '../user/reviews/LineReviewPage.tsx', '../user/reviews/MyReviewsPage.tsx', '../user/orders/ReviewButton.tsx', '../backoffice/reviews/ReviewsPage.tsx',
  '../storefront/catalog/Comments.tsx',
].map((file) => join(__dirname, file));
const known = new Set(keyPaths(reviewsEn.reviews));

describe('review translations', () => {
  it('zh-cn and en hold the same keys', () => {
    expect(keyPaths(reviewsEn).sort()).toEqual(keyPaths(reviewsZhCn).sort());
  });

  it('define every key the review pages name, and every score', () => {
    const named = FILES.flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/\btr\(\s*'([\w.-]+)'/g)].map((m) => m[1]));
    expect(named.length).toBeGreaterThan(30);
    expect(named.filter((key) => !known.has(key))).toEqual([]);
    expect(REVIEW_SCORES.map((s) => `scores.${s}`).filter((key) => !known.has(key))).toEqual([]);
  });
});
