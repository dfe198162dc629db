// A posted review as its author sees it: the four scores, text, pictures and the seller's reply.
import { Group, Rating, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { REVIEW_SCORES } from '@qshop/shared/reviewRules';
import type { ReviewOfLine } from '@qshop/shared/schemas/reviews';
import { SizedImage } from '../../components/SizedImage';

export function ReviewView({ review }: { review: ReviewOfLine }) {
  const { t: tr } = useTranslation(undefined, { keyPrefix: 'reviews' });
  return (
    <Stack gap={6} data-testid="review">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing={4}>
        {REVIEW_SCORES.map((key) => (
          <Group key={key} gap={4} wrap="nowrap">
            <Text size="xs" c="dimmed">
              {tr(`scores.${key}`)}
            </Text>
            <Rating value={review[key]} readOnly size="xs" aria-label={tr('stars', { label: tr(`scores.${key}`), value: review[key] })} />
          </Group>
        ))}
      </SimpleGrid>
      <Text size="sm" c={review.content ? undefined : 'dimmed'} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {review.content || tr('noContent')}
      </Text>
      {review.image.length > 0 && (
        <Group gap="xs">
          {review.image.map((src) => (
            <SizedImage key={src} src={src} sizes="64px" width={64} height={64} alt="" style={{ width: 64, height: 64, objectFit: 'cover' }} />
          ))}
        </Group>
      )}
      {review.reply && (
        <Text size="sm" c="orange.8" style={{ overflowWrap: 'anywhere' }} data-testid="review-reply">
          {tr('reply', { reply: review.reply })}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {tr('line.reviewed', { time: review.created_at })}
      </Text>
    </Stack>
  );
}
