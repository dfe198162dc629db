// One order line on the review pages: the goods, then its review, its review form, or why there is none.
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReviewLine, ReviewPosted } from '@qshop/shared/schemas/reviews';
import { GoodsLineImage, GoodsLineName } from '../../storefront/catalog/GoodsLineParts';
import { ReviewForm } from './ReviewForm';
import { ReviewView } from './ReviewView';

export function LineCard({ line, onPosted }: { line: ReviewLine; onPosted: (posted: ReviewPosted) => void }) {
  const { t: tr } = useTranslation(undefined, { keyPrefix: 'reviews' });
  return (
    <Paper withBorder p="md" data-testid="review-line" aria-label={line.goods_name}>
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <GoodsLineImage line={line} size={64} />
          <GoodsLineName line={line}>
            <Text size="xs" c="dimmed">
              {tr('line.quantity', { count: line.buy_num })}
            </Text>
          </GoodsLineName>
        </Group>
        {line.comment ? (
          <ReviewView review={line.comment} />
        ) : line.refunded ? (
          <Badge color="gray" variant="light">
            {tr('line.refunded')}
          </Badge>
        ) : line.reviewable ? (
          <ReviewForm lineId={line.id} onPosted={onPosted} />
        ) : null}
      </Stack>
    </Paper>
  );
}
