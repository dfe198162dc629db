import { useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Alert, Badge, Button, Divider, Fieldset, Grid, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { DictOption } from '@qshop/shared';
import { GOODS_STATUS, GOODS_VERIFY_STATES } from '@qshop/shared/resources/admin/catalog';
import { FREIGHT, GOODS_VERIFY, MAX_GOODS_IMAGES, MAX_SKUS } from '@qshop/shared/schemas/catalog';
import { SELLER_RESOURCES } from '@qshop/shared/resources/index';
import { api } from '../../api/client';
import { FORM_COLUMN_SPAN } from '../../config';
import { dialogTitle } from '../../resource/dialogs';
import { FieldInput } from '../../resource/form/FieldInput';
import { FieldRow } from '../../resource/form/FieldRow';
import { FORM_GRID_COLUMNS } from '../../resource/form/formFields';
import '../../resource/fieldLabels';
import { showFieldErrors } from '../../utils/formErrors';
import { notifySuccess } from '../../utils/notify';
import { attrPicksProblem, emptyGoodsForm, goodsBody, goodsFormValues, stockChanged, validateGoods, wireBody, type GoodsFormValues, type GoodsRecord } from './goodsFormModel';
import { useGoodsReferences, type GoodsReferences } from './goodsReferences';
import { ImageListField } from './ImageListField';
import { LoadState } from './LoadState';
import { skuSummary, type SkuColumn } from './skuMatrix';
import { SkuMatrix } from './SkuMatrix';
import { useLoad } from './useLoad';
import '../../i18n/backoffice';

export const GOODS_LIST_PATH = '/Seller/goods';
const ATTRS_PAGE = '/Seller/goods_attrs';
const GOODS_FOLDER = { type: 'image' as const, props: { name: 'goods' } };

/** Top-level form fields laid out by this page (errors of other paths are listed under the form). */
const FIELD_PATHS = new Set<string>([...Object.keys(emptyGoodsForm())]);

function translated(options: DictOption[], t: (key: string) => string): DictOption[] {
  return options.map((option) => ({ ...option, label: t(option.label) }));
}

interface GoodsFormProps {
  id: number | null;
  goods: GoodsRecord | null;
  refs: GoodsReferences;
  onReloadAttrs: () => Promise<void>;
  /** Loads the goods again (a new form with what is stored now). */
  onReload: () => void;
}

function GoodsForm({ id, goods, refs, onReloadAttrs, onReload }: GoodsFormProps) {
  const { t } = useTranslation();
  const { t: tc } = useTranslation(undefined, { keyPrefix: 'boCatalog' });
  const navigate = useNavigate();
  const formId = useId();
  const mode = id === null ? 'create' : 'update';
  const label = (name: string) => t(`fields.${name}`);
  const form = useForm<GoodsFormValues>({
    mode: 'controlled',
    initialValues: goods ? goodsFormValues(goods, refs.attrs) : emptyGoodsForm(),
  });
  const [saving, setSaving] = useState(false);
  /** The server's message when the stock changed since the form was loaded (nothing was saved). */
  const [staleStock, setStaleStock] = useState<string | null>(null);
  const { values } = form;
  const hasSkus = values.skus.length > 0;
  const summary = skuSummary(values.skus);

  const freightOptions = useMemo<DictOption[]>(
    () => [
      { label: label('freight_default'), value: FREIGHT.STORE_DEFAULT },
      { label: label('freight_free'), value: FREIGHT.FREE },
      ...refs.freights,
    ],
    [refs.freights, t],
  );
  const statusOptions = useMemo(() => translated(GOODS_STATUS as DictOption[], t), [t]);
  const errors = form.errors as Record<string, ReactNode>;
  const otherErrors = Object.entries(errors).filter(([path]) => !FIELD_PATHS.has(path) && !path.startsWith('skus.'));

  const save = async (submitted: GoodsFormValues) => {
    const problem = attrPicksProblem(submitted.attrs);
    if (problem) {
      form.setErrors({ attrs: tc(problem, { max: MAX_SKUS }) });
      return;
    }
    const body = goodsBody(submitted);
    const invalid = validateGoods(body, mode, refs.classes);
    if (Object.keys(invalid).length > 0) {
      form.setErrors(invalid);
      return;
    }
    setSaving(true);
    setStaleStock(null);
    try {
      const saved = id === null ? await api.post<{ goods_verify: number }>('/Seller/goods', wireBody(body)) : await api.put<{ goods_verify: number }>(`/Seller/goods/${id}`, wireBody(body));
      notifySuccess(saved?.goods_verify === GOODS_VERIFY.PENDING ? tc('savedPending') : t('msg.success'));
      void navigate(GOODS_LIST_PATH);
    } catch (error) {
      showFieldErrors(form, error);
      if (stockChanged(error)) setStaleStock(error.message);
    } finally {
      setSaving(false);
    }
  };

  /** One labelled field on the grid; `control` gets the element id. */
  const field = (name: keyof GoodsFormValues, control: (id: string) => ReactNode, opts: { span?: number; required?: boolean; label?: string } = {}) => {
    const elementId = `${formId}-${name}`;
    return (
      <Grid.Col span={opts.span ?? FORM_COLUMN_SPAN} data-field={name}>
        <FieldRow id={elementId} label={opts.label ?? label(name)} required={opts.required}>
          {control(elementId)}
        </FieldRow>
      </Grid.Col>
    );
  };
  const input = (name: keyof GoodsFormValues, kind: Parameters<typeof FieldInput>[0]['kind'], options: DictOption[] = [], extra: { form?: Parameters<typeof FieldInput>[0]['form'] } = {}) => (elementId: string) => {
    const props = form.getInputProps(name);
    return <FieldInput kind={kind} id={elementId} name={name} value={props.value} onChange={props.onChange} error={props.error} options={options} form={extra.form} />;
  };
  const fromSkus = (value: string, name: string) => (elementId: string) => (
    <TextInput id={elementId} value={value} readOnly variant="filled" description={tc('fromSkus')} aria-label={name} />
  );

  const verify = goods?.goods_verify;
  const verifyOption = (GOODS_VERIFY_STATES as DictOption[]).find((option) => option.value === verify);

  return (
    <form onSubmit={form.onSubmit(save)} noValidate>
      <Stack gap="md">
        {verifyOption ? (
          <Alert color={verify === GOODS_VERIFY.REJECTED ? 'red' : verify === GOODS_VERIFY.PENDING ? 'yellow' : 'green'} variant="light">
            <Group gap="xs">
              <Text size="sm">{label('goods_verify')}</Text>
              <Badge variant="light" color={verify === GOODS_VERIFY.REJECTED ? 'red' : verify === GOODS_VERIFY.PENDING ? 'yellow' : 'green'}>
                {t(verifyOption.label)}
              </Badge>
              {verify === GOODS_VERIFY.REJECTED && goods?.refuse_info ? <Text size="sm">{tc('refusedBecause', { reason: goods.refuse_info })}</Text> : null}
            </Group>
          </Alert>
        ) : null}

        <Fieldset legend={tc('sectionBasic')}>
          <Grid columns={FORM_GRID_COLUMNS} gutter="md">
            {field('goods_name', input('goods_name', 'text'), { required: true })}
            {field('goods_subname', input('goods_subname', 'text'))}
            {field('goods_no', input('goods_no', 'text'))}
            {field('brand_id', input('brand_id', 'select', refs.brands), { label: label('goods_brand') })}
            {field('class_id', input('class_id', 'cascader', refs.classes), { required: true, label: label('goods_class'), span: FORM_GRID_COLUMNS })}
          </Grid>
        </Fieldset>

        <Fieldset legend={tc('sectionImages')}>
          <Grid columns={FORM_GRID_COLUMNS} gutter="md">
            {field('goods_master_image', input('goods_master_image', 'image', [], { form: GOODS_FOLDER }), { span: FORM_GRID_COLUMNS })}
            {field(
              'goods_images',
              (elementId) => (
                <ImageListField
                  id={elementId}
                  label={label('goods_images')}
                  value={values.goods_images}
                  onChange={(urls) => form.setFieldValue('goods_images', urls)}
                  max={MAX_GOODS_IMAGES}
                  folder="goods"
                  error={errors.goods_images}
                />
              ),
              { span: FORM_GRID_COLUMNS },
            )}
          </Grid>
        </Fieldset>

        <Fieldset legend={tc('sectionPrice')}>
          <Grid columns={FORM_GRID_COLUMNS} gutter="md">
            {field('goods_price', hasSkus ? fromSkus(summary.price ?? '-', label('goods_price')) : input('goods_price', 'text'), { required: !hasSkus })}
            {field('goods_market_price', hasSkus ? fromSkus('-', label('goods_market_price')) : input('goods_market_price', 'text'))}
            {field('goods_stock', hasSkus ? fromSkus(String(summary.stock), label('goods_stock')) : input('goods_stock', 'text'), { required: !hasSkus })}
            {field('goods_weight', input('goods_weight', 'text'))}
            {field('freight_id', (elementId) => (
              <FieldInput
                kind="select"
                id={elementId}
                name="freight_id"
                value={values.freight_id}
                onChange={(value) => form.setFieldValue('freight_id', value === '' ? FREIGHT.STORE_DEFAULT : Number(value))}
                error={errors.freight_id}
                options={freightOptions}
              />
            ))}
            {field('goods_status', input('goods_status', 'radio', statusOptions))}
            {field('is_recommend', input('is_recommend', 'switch'))}
          </Grid>
        </Fieldset>

        <Fieldset legend={tc('sectionSkus')}>
          <Text size="xs" c="dimmed" mb="xs">
            {tc('skusHint')}
          </Text>
          <SkuMatrix
            storeAttrs={refs.attrs}
            attrs={values.attrs}
            rows={values.skus}
            errors={errors}
            defaults={{ goods_price: values.goods_price, goods_market_price: values.goods_market_price, goods_weight: values.goods_weight }}
            onChange={(attrs, rows) => {
              form.setValues({ attrs, skus: rows });
              form.clearErrors();
            }}
            onCellChange={(row: number, column: SkuColumn, value: string) => form.setFieldValue(`skus.${row}.${column}`, value)}
            onReloadAttrs={() => void onReloadAttrs().catch(() => undefined)}
            attrsPage={ATTRS_PAGE}
          />
        </Fieldset>

        <Fieldset legend={tc('sectionContent')}>
          <Grid columns={FORM_GRID_COLUMNS} gutter="md">
            {field('goods_content', input('goods_content', 'editor'), { span: FORM_GRID_COLUMNS })}
          </Grid>
        </Fieldset>

        {staleStock ? (
          <Alert color="orange" data-testid="stock-changed">
            <Group justify="space-between" gap="sm">
              <Text size="sm">{staleStock}</Text>
              <Button size="xs" variant="light" color="orange" onClick={onReload}>
                {tc('reloadGoods')}
              </Button>
            </Group>
          </Alert>
        ) : null}
        {otherErrors.length > 0 ? (
          <Alert color="red">
            {otherErrors.map(([path, message]) => (
              <div key={path}>
                {path}: {message}
              </div>
            ))}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => void navigate(GOODS_LIST_PATH)} disabled={saving}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {tc('saveGoods')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The seller's goods form (/Seller/goods/form, `?id=` to edit): a new goods, or one of the store's. */
export default function GoodsFormPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || null;
  const references = useGoodsReferences();
  const goods = useLoad(`goods-${id ?? 'new'}`, () => (id === null ? Promise.resolve(null) : api.get<GoodsRecord>(`/Seller/goods/${id}`)));

  const { t } = useTranslation();

  // The page's own title: the menu entry's name ("Edit goods") would be wrong for a new goods.
  const title = (
    <>
      <Title order={4}>{dialogTitle(t, SELLER_RESOURCES.goods, id === null ? 'create' : 'update')}</Title>
      <Divider my="sm" />
    </>
  );
  if (references.state.status !== 'ready') return <>{title}<LoadState state={references.state} onRetry={references.retry} /></>;
  if (goods.state.status !== 'ready') return <>{title}<LoadState state={goods.state} onRetry={goods.retry} /></>;
  return (
    <>
      {title}
      <GoodsForm key={id ?? 'new'} id={id} goods={goods.state.data} refs={references.state.data} onReloadAttrs={references.reloadAttrs} onReload={goods.retry} />
    </>
  );
}
