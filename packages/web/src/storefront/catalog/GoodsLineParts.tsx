// The parts of a goods line that the cart, the checkout and the orders show alike: the picture at its small size, and
// the name (to the goods page) with the specification below it.
import { Anchor, Box, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { GoodsLine } from '@qshop/shared/schemas/cart';
import { GoodsImage } from './GoodsCard';
import classes from './goodsLine.module.css';

type LineGoods = Pick<GoodsLine, 'goods_id' | 'goods_name' | 'goods_image' | 'sku_name'>;

/**
 * The line's picture in a `size` px square, fetching the copy of that width. Decorative (empty alt): the line's name
 * is always beside it (GoodsLineName), and an alt repeating it is read out twice.
 */
export function GoodsLineImage({ line, size }: { line: LineGoods; size: number }) {
  return (
    <Box w={size} h={size} className={classes.image}>
      <GoodsImage src={line.goods_image} alt="" sizes={`${size}px`} />
    </Box>
  );
}

/** The line's specification, for a goods with SKUs ('-' names none). */
export function GoodsLineSpec({ line }: { line: Pick<LineGoods, 'sku_name'> }) {
  return line.sku_name && line.sku_name !== '-' ? (
    <Text size="xs" c="dimmed">
      {line.sku_name}
    </Text>
  ) : null;
}

/** The line's name and, for a goods with SKUs, its specification; `children` below them (e.g. why a line is flagged). */
export function GoodsLineName({ line, children }: { line: LineGoods; children?: ReactNode }) {
  return (
    <Stack gap={2} miw={0}>
      <Anchor component={Link} to={`/goods/${line.goods_id}`} size="sm" lineClamp={2}>
        {line.goods_name}
      </Anchor>
      <GoodsLineSpec line={line} />
      {children}
    </Stack>
  );
}
