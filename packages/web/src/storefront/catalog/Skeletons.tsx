// What the storefront's pages show while their first answer loads: the page's own shape in grey, at the sizes the
// content will take (nothing moves when it arrives), instead of a blank page or a lone spinner.
import { Group, Paper, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './catalog.module.css';
import { gridProps } from './GoodsCard';

/** A grey bar of a card being loaded: plain elements, as many as twenty cards of them on a phone's first render. */
function Bone({ h, w, mt = 0 }: { h: number; w?: string; mt?: number }) {
  return <div className={classes.bone} style={{ height: h, width: w, marginTop: mt }} />;
}

function CardSkeleton() {
  return (
    <div className={classes.card}>
      <div className={`${classes.thumb} ${classes.bone}`} />
      <Bone h={16} w="40%" mt={4} />
      <Bone h={14} mt={6} />
      <Bone h={14} w="70%" mt={4} />
      <Bone h={12} w="50%" mt={4} />
    </div>
  );
}

/** A grid of goods cards (GoodsGrid's layout) being loaded. */
export function GoodsGridSkeleton({ count, cols = 5 }: { count: number; cols?: number }) {
  const { t: tc } = useTranslation(undefined, { keyPrefix: 'catalog' });
  return (
    <div {...gridProps(cols)} aria-busy="true" aria-label={tc('loading')}>
      {Array.from({ length: count }, (_, i) => (
        <CardSkeleton key={i} />
      ))}
    </div>
  );
}

/** The goods page (GoodsView's layout) being loaded: gallery, purchase panel and store card. */
export function GoodsPageSkeleton() {
  const { t: tc } = useTranslation(undefined, { keyPrefix: 'catalog' });
  return (
    <Stack gap="md" aria-busy="true" aria-label={tc('loading')}>
      <Skeleton h={20} w={260} />
      <Paper withBorder p="md">
        <Group align="flex-start" gap="lg" wrap="nowrap">
          <Stack gap="xs" w={400}>
            <Skeleton className={classes.galleryMain} radius={0} />
            <Group gap={6}>
              <Skeleton w={64} h={64} radius={0} />
              <Skeleton w={64} h={64} radius={0} />
            </Group>
          </Stack>
          <Stack gap="sm" flex={1} miw={0}>
            <Skeleton h={28} w="80%" />
            <Skeleton h={84} />
            <Skeleton h={30} w="60%" />
            <Skeleton h={36} w="50%" />
            <Group gap="sm" mt="xs">
              <Skeleton h={42} w={110} />
              <Skeleton h={42} w={130} />
            </Group>
          </Stack>
          <Skeleton w={220} h={220} />
        </Group>
      </Paper>
    </Stack>
  );
}
