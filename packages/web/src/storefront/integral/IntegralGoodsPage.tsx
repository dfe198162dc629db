// /integral/goods/{id}: one on-shelf points goods (GET /api/integral/goods/{id}) with its pictures, points price, live
// stock and details; the quantity chosen goes on to the confirmation (/integral/order/{id}/{buy_num}).
import { Alert, Anchor, Button, Grid, Group, Image, LoadingOverlay, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { IconGift } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { MAX_REDEEM_NUM, type IntegralGoodsDetail } from '@qshop/shared/schemas/points';
import { api } from '../../api/client';
import { richTextHtml } from '../../resource/richText';
import { isNotFound, LoadFailed } from '../catalog/LoadStates';
import { safeHtml } from '../catalog/safeHtml';
import { useLoad } from '../catalog/useLoad';

export default function IntegralGoodsPage() {
  const { t: tp } = useTranslation(undefined, { keyPrefix: 'points' });
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const goods = useLoad(`integral-goods/${id}`, () => api.get<IntegralGoodsDetail>(`/integral/goods/${id}`));
  const [qty, setQty] = useState(1);
  const [picture, setPicture] = useState(0);
  const g = goods.data;
  const content = useMemo(() => safeHtml(richTextHtml(g?.goods_content)), [g?.goods_content]);

  if (goods.failed && isNotFound(goods.error))
    return (
      <Alert color="orange" title={tp('notFound')} my="md">
        <Anchor component={Link} to="/integral" size="sm">
          {tp('backToMall')}
        </Anchor>
      </Alert>
    );
  const max = Math.min(MAX_REDEEM_NUM, g?.goods_stock ?? 0);
  return (
    <Stack gap="lg" py="md" pos="relative" mih={300}>
      <LoadingOverlay visible={goods.loading && !g} zIndex={10} />
      {goods.failed && <LoadFailed onRetry={goods.reload} />}
      {g && (
        <>
          <Grid gutter="xl">
            <Grid.Col span={{ base: 12, sm: 5 }}>
              <Stack gap="xs">
                {g.goods_images[picture] ? (
                  <Image src={g.goods_images[picture]} alt={g.goods_name} radius="sm" h={400} fit="contain" />
                ) : (
                  <Stack h={400} align="center" justify="center" bg="gray.1">
                    <IconGift size={64} color="var(--mantine-color-gray-5)" />
                  </Stack>
                )}
                <Group gap="xs">
                  {g.goods_images.map((src, i) => (
                    <Image key={src} src={src} w={56} h={56} fit="cover" radius="sm" onMouseEnter={() => setPicture(i)} style={{ cursor: 'pointer' }} />
                  ))}
                </Group>
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 7 }}>
              <Stack gap="md">
                <Title order={2}>{g.goods_name}</Title>
                {g.goods_subname && <Text c="dimmed">{g.goods_subname}</Text>}
                <Paper bg="red.0" p="md">
                  <Group gap="md" align="baseline">
                    <Text c="red.7" fw={700} size="xl" data-testid="integral-price">
                      {tp('points', { n: g.goods_price })}
                    </Text>
                    {Number(g.goods_market_price) > 0 && (
                      <Text c="dimmed" size="sm" td="line-through">
                        {tp('marketPrice', { price: g.goods_market_price })}
                      </Text>
                    )}
                  </Group>
                </Paper>
                <Text size="sm" c="dimmed">
                  {tp('stock', { n: g.goods_stock })} · {tp('sold', { n: g.goods_sale })}
                </Text>
                <Group gap="sm" align="end">
                  <NumberInput label={tp('quantity')} value={qty} onChange={(v) => setQty(Math.max(1, Math.min(max || 1, Number(v) || 1)))} min={1} max={max || 1} w={140} allowDecimal={false} disabled={!max} />
                  <Button color="red" disabled={!max} onClick={() => void navigate(`/integral/order/${g.id}/${qty}`)} data-testid="integral-redeem">
                    {max ? tp('redeem') : tp('soldOut')}
                  </Button>
                </Group>
              </Stack>
            </Grid.Col>
          </Grid>
          {content && (
            <Stack gap="xs">
              <Title order={4}>{tp('details')}</Title>
              <div dangerouslySetInnerHTML={{ __html: content }} />
            </Stack>
          )}
        </>
      )}
    </Stack>
  );
}
