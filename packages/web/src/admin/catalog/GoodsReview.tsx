import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, Button, Divider, Group, Image, Stack, Table, Text, Title } from '@mantine/core';
import type { DictOption } from '@qshop/shared';
import { GOODS_VERIFY_STATES } from '@qshop/shared/resources/admin/catalog';
import { FREIGHT, GOODS_VERIFY, goodsVerifyBody } from '@qshop/shared/schemas/catalog';
import { api } from '../../api/client';
import { HtmlView } from '../../resource/cells/HtmlView';
import { formatMoney } from '../../resource/cells/values';
import { dictLabel, toDictOptions } from '../../resource/dict';
import '../../resource/fieldLabels';
import { richTextHtml } from '../../resource/richText';
import { validateInput } from '../../resource/validation';
import { LoadState } from '../../seller/catalog/LoadState';
import { useLoad } from '../../seller/catalog/useLoad';
import { notifySuccess } from '../../utils/notify';
import { ReasonForm } from './ReasonForm';
import { Details, Images } from './Details';
import '../../i18n/backoffice';

/** A goods as GET /Admin/goods/{id} answers it. */
export interface ReviewedGoods {
  id: number;
  goods_name: string;
  goods_subname?: string;
  goods_no?: string;
  brand_id?: number;
  class_path?: number[];
  goods_master_image?: string;
  goods_images?: string[];
  goods_price?: string;
  goods_market_price?: string;
  goods_stock?: number;
  goods_weight?: string;
  goods_sale?: number;
  goods_status?: number;
  goods_verify: number;
  refuse_info?: string;
  freight_id?: number;
  goods_content?: string;
  created_at?: string;
  store?: { id: number; store_name: string } | null;
  skus?: { id: number; sku_name: string; goods_image?: string; goods_price: string; goods_market_price?: string; goods_stock: number; goods_weight?: string }[];
}

export const VERIFY_COLORS: Record<number, string> = { [GOODS_VERIFY.APPROVED]: 'green', [GOODS_VERIFY.PENDING]: 'yellow', [GOODS_VERIFY.REJECTED]: 'red' };

async function loadReview(id: number) {
  const [goods, classes, brands] = await Promise.all([
    api.get<ReviewedGoods>(`/Admin/goods/${id}`),
    api.get<unknown>('/load_goods_classes').then((answer) => toDictOptions(answer, 'name', 'id')),
    api.get<unknown>('/Admin/goods_brands', { isAll: 1 }).then((answer) => toDictOptions(answer, 'name', 'id')),
  ]);
  return { goods, classes, brands };
}

function VerifyBadge({ value }: { value: number }) {
  const { t } = useTranslation();
  const option = (GOODS_VERIFY_STATES as DictOption[]).find((item) => item.value === value);
  return (
    <Badge variant="light" color={VERIFY_COLORS[value] ?? 'gray'}>
      {option ? t(option.label) : String(value)}
    </Badge>
  );
}

function Decision({ goods, onDecided }: { goods: ReviewedGoods; onDecided: () => void }) {
  const { t } = useTranslation();
  const { t: tc } = useTranslation(undefined, { keyPrefix: 'boCatalog' });
  const [rejecting, setRejecting] = useState(false);
  const [busy, setBusy] = useState<'approve' | 'reject' | null>(null);

  const decide = async (body: { goods_verify: 0 | 1; refuse_info?: string }) => {
    setBusy(body.goods_verify === GOODS_VERIFY.APPROVED ? 'approve' : 'reject');
    try {
      await api.put(`/Admin/goods/${goods.id}/verify`, body);
      notifySuccess(t('msg.success'));
      setRejecting(false);
      onDecided();
    } catch {
      // the client has shown the refusal
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="xs">
      <Group gap="sm">
        {goods.goods_verify !== GOODS_VERIFY.APPROVED ? (
          <Button color="green" loading={busy === 'approve'} onClick={() => void decide({ goods_verify: GOODS_VERIFY.APPROVED })}>
            {tc('approve')}
          </Button>
        ) : null}
        {goods.goods_verify !== GOODS_VERIFY.REJECTED && !rejecting ? (
          <Button color="red" variant="light" onClick={() => setRejecting(true)}>
            {tc('reject')}
          </Button>
        ) : null}
      </Group>
      {rejecting ? (
        <ReasonForm
          label={tc('rejectReason')}
          confirmText={tc('confirmReject')}
          loading={busy === 'reject'}
          validate={(reason) => validateInput(goodsVerifyBody, { goods_verify: GOODS_VERIFY.REJECTED, refuse_info: reason }).refuse_info ?? null}
          onConfirm={(reason) => void decide({ goods_verify: GOODS_VERIFY.REJECTED, refuse_info: reason })}
          onCancel={() => setRejecting(false)}
        />
      ) : null}
    </Stack>
  );
}

/** A goods under review: what the seller filled in, its SKUs and content; approve, or reject with a reason. */
export function GoodsReview({ id, onDecided }: { id: number; onDecided?: () => void }) {
  const { t } = useTranslation();
  const { t: tc } = useTranslation(undefined, { keyPrefix: 'boCatalog' });
  const { state, retry } = useLoad(`admin-goods-${id}`, () => loadReview(id));
  if (state.status !== 'ready') return <LoadState state={state} onRetry={retry} />;
  const { goods, classes, brands } = state.data;
  const label = (name: string) => t(`fields.${name}`);
  const freight =
    goods.freight_id === FREIGHT.FREE ? label('freight_free') : !goods.freight_id ? label('freight_default') : tc('freightTemplate', { id: goods.freight_id });
  const skus = goods.skus ?? [];

  return (
    <Stack gap="md">
      <Group align="flex-start" wrap="nowrap">
        {goods.goods_master_image ? <Image src={goods.goods_master_image} w={120} h={120} fit="contain" radius="sm" alt={label('goods_master_image')} /> : null}
        <Stack gap={4}>
          <Title order={4}>{goods.goods_name}</Title>
          {goods.goods_subname ? <Text c="dimmed">{goods.goods_subname}</Text> : null}
          <Group gap="xs">
            <VerifyBadge value={goods.goods_verify} />
            <Badge variant="light" color={goods.goods_status === 1 ? 'green' : 'gray'}>
              {label(goods.goods_status === 1 ? 'goods_on_shelf' : 'goods_off_shelf')}
            </Badge>
            {goods.store ? <Text size="sm">{tc('ofStore', { store: goods.store.store_name })}</Text> : null}
          </Group>
          {goods.goods_verify === GOODS_VERIFY.REJECTED && goods.refuse_info ? (
            <Text size="sm" c="red">
              {tc('refusedBecause', { reason: goods.refuse_info })}
            </Text>
          ) : null}
        </Stack>
      </Group>

      <Decision
        goods={goods}
        onDecided={() => {
          retry();
          onDecided?.();
        }}
      />
      <Divider />

      <Details
        items={[
          { label: label('goods_no'), value: goods.goods_no },
          { label: label('goods_class'), value: dictLabel(classes, goods.class_path ?? []) },
          { label: label('goods_brand'), value: goods.brand_id ? dictLabel(brands, goods.brand_id) : '' },
          { label: label('freight_id'), value: freight },
          { label: label('goods_price'), value: formatMoney(goods.goods_price) },
          { label: label('goods_market_price'), value: formatMoney(goods.goods_market_price) },
          { label: label('goods_stock'), value: goods.goods_stock },
          { label: label('goods_weight'), value: goods.goods_weight },
          { label: label('goods_sale'), value: goods.goods_sale },
          { label: label('created_at'), value: goods.created_at },
          { label: label('goods_images'), value: <Images urls={goods.goods_images ?? []} label={label('goods_images')} />, wide: true },
        ]}
      />

      <Stack gap={4}>
        <Text fw={500}>{label('skus')}</Text>
        {skus.length ? (
          <Table withTableBorder withColumnBorders striped aria-label={label('skus')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{label('sku_name')}</Table.Th>
                <Table.Th>{label('sku_image')}</Table.Th>
                <Table.Th>{label('goods_price')}</Table.Th>
                <Table.Th>{label('goods_market_price')}</Table.Th>
                <Table.Th>{label('goods_stock')}</Table.Th>
                <Table.Th>{label('goods_weight')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {skus.map((sku) => (
                <Table.Tr key={sku.id}>
                  <Table.Td>{sku.sku_name}</Table.Td>
                  <Table.Td>
                    <Images urls={[sku.goods_image]} size={40} label={sku.sku_name} />
                  </Table.Td>
                  <Table.Td>{formatMoney(sku.goods_price)}</Table.Td>
                  <Table.Td>{formatMoney(sku.goods_market_price)}</Table.Td>
                  <Table.Td>{sku.goods_stock}</Table.Td>
                  <Table.Td>{sku.goods_weight}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : (
          <Text size="sm" c="dimmed">
            {tc('noSkus')}
          </Text>
        )}
      </Stack>

      <Stack gap={4}>
        <Text fw={500}>{label('goods_content')}</Text>
        <HtmlView html={richTextHtml(goods.goods_content)} title={label('goods_content')} />
      </Stack>
    </Stack>
  );
}
