import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Badge, Button, Fieldset, Grid, Group, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { DictOption, FormKind } from '@qshop/shared';
import { STORE_VERIFY_STATES } from '@qshop/shared/resources/admin/catalog';
import { STORE_SLIDES, STORE_VERIFY } from '@qshop/shared/schemas/catalog';
import { api } from '../../api/client';
import { FORM_COLUMN_SPAN } from '../../config';
import { FieldInput } from '../../resource/form/FieldInput';
import { FieldRow } from '../../resource/form/FieldRow';
import { FORM_GRID_COLUMNS } from '../../resource/form/formFields';
import '../../resource/fieldLabels';
import { showFieldErrors } from '../../utils/formErrors';
import { notifySuccess } from '../../utils/notify';
import { AreaCascader } from './AreaCascader';
import { ImageListField } from './ImageListField';
import { LoadState } from './LoadState';
import { settingsBody, settingsValues, validateSettings, type StoreSettingsAnswer, type StoreSettingsValues } from './storeSettingsModel';
import { useLoad } from './useLoad';
import '../../i18n/backoffice';

const ENDPOINT = '/Seller/stores';
const VERIFY_COLOR: Record<number, string> = {
  [STORE_VERIFY.FILLING]: 'gray',
  [STORE_VERIFY.VERIFYING]: 'yellow',
  [STORE_VERIFY.DENIED]: 'red',
  [STORE_VERIFY.PASSED]: 'green',
};

function StoreState({ store }: { store: StoreSettingsAnswer }) {
  const { t } = useTranslation();
  const { t: tc } = useTranslation(undefined, { keyPrefix: 'boCatalog' });
  const state = (STORE_VERIFY_STATES as DictOption[]).find((option) => option.value === store.store_verify);
  const label = (name: string) => t(`fields.${name}`);
  return (
    <Alert color={VERIFY_COLOR[store.store_verify ?? 0] ?? 'gray'} variant="light">
      <Group gap="xs">
        <Text size="sm">{label('store_verify')}</Text>
        {state ? <Badge variant="light" color={VERIFY_COLOR[store.store_verify ?? 0]}>{t(state.label)}</Badge> : null}
        <Text size="sm">{label('store_status')}</Text>
        <Badge variant="light" color={store.store_status === 1 ? 'green' : 'gray'}>
          {label(store.store_status === 1 ? 'store_open' : 'store_closed')}
        </Badge>
        {store.store_verify === STORE_VERIFY.DENIED && store.store_refuse_info ? <Text size="sm">{tc('refusedBecause', { reason: store.store_refuse_info })}</Text> : null}
      </Group>
      {store.store_verify === STORE_VERIFY.FILLING || store.store_verify === STORE_VERIFY.DENIED ? (
        <Text size="xs" mt={4}>
          {tc('storeSubmitHint')}
        </Text>
      ) : null}
    </Alert>
  );
}

function StoreSettingsForm({ store, onSaved }: { store: StoreSettingsAnswer; onSaved: (store: StoreSettingsAnswer) => void }) {
  const { t } = useTranslation();
  const { t: tc } = useTranslation(undefined, { keyPrefix: 'boCatalog' });
  const formId = useId();
  const form = useForm<StoreSettingsValues>({ mode: 'controlled', initialValues: settingsValues(store) });
  const [saving, setSaving] = useState(false);
  const label = (name: string) => t(`fields.${name}`);
  const errors = form.errors as Record<string, ReactNode>;

  const save = async (values: StoreSettingsValues) => {
    const body = settingsBody(values);
    const invalid = validateSettings(body);
    if (Object.keys(invalid).length > 0) {
      form.setErrors(invalid);
      return;
    }
    setSaving(true);
    try {
      const saved = await api.put<StoreSettingsAnswer>(ENDPOINT, body);
      const next = settingsValues(saved);
      form.setInitialValues(next);
      form.setValues(next);
      onSaved(saved);
      notifySuccess(t('msg.success'));
    } catch (error) {
      showFieldErrors(form, error);
    } finally {
      setSaving(false);
    }
  };

  const field = (name: keyof StoreSettingsValues, control: (id: string) => ReactNode, opts: { span?: number; label?: string } = {}) => {
    const id = `${formId}-${name}`;
    return (
      <Grid.Col span={opts.span ?? FORM_COLUMN_SPAN} data-field={name}>
        <FieldRow id={id} label={opts.label ?? label(name)}>
          {control(id)}
        </FieldRow>
      </Grid.Col>
    );
  };
  const input = (name: keyof StoreSettingsValues, kind: FormKind, extra: { maxLength?: number } = {}) => (id: string) => {
    const props = form.getInputProps(name);
    return <FieldInput kind={kind} id={id} name={name} value={props.value} onChange={props.onChange} error={props.error} options={[]} form={{ type: kind, ...extra }} />;
  };
  const slides = (name: 'store_slide' | 'store_mobile_slide') => (id: string) => (
    <ImageListField id={id} label={label(name)} value={form.values[name]} onChange={(urls) => form.setFieldValue(name, urls)} max={STORE_SLIDES} error={errors[name]} />
  );

  return (
    <form onSubmit={form.onSubmit(save)} noValidate>
      <Stack gap="md">
        <Fieldset legend={tc('sectionStoreBasic')}>
          <Grid columns={FORM_GRID_COLUMNS} gutter="md">
            {field('store_logo', input('store_logo', 'image'))}
            {field('store_face_image', input('store_face_image', 'image'))}
            {field('store_name', input('store_name', 'text'))}
            {field('store_mobile', input('store_mobile', 'text'))}
            {field('store_description', input('store_description', 'textarea', { maxLength: 255 }), { span: FORM_GRID_COLUMNS })}
          </Grid>
        </Fieldset>
        <Fieldset legend={tc('sectionStoreLocation')}>
          <Grid columns={FORM_GRID_COLUMNS} gutter="md">
            {field(
              'area',
              (id) => <AreaCascader id={id} value={form.values.area} onChange={(area) => form.setFieldValue('area', area)} error={errors.area} />,
              { label: label('store_area'), span: FORM_GRID_COLUMNS },
            )}
            {field('store_address', input('store_address', 'text'), { span: FORM_GRID_COLUMNS })}
            {field('store_lat', input('store_lat', 'text'))}
            {field('store_lng', input('store_lng', 'text'))}
          </Grid>
          <Text size="xs" c="dimmed" mt="xs">
            {tc('mapPointHint')}
          </Text>
        </Fieldset>
        <Fieldset legend={tc('sectionStoreSlides')}>
          <Grid columns={FORM_GRID_COLUMNS} gutter="md">
            {field('store_slide', slides('store_slide'), { span: FORM_GRID_COLUMNS })}
            {field('store_mobile_slide', slides('store_mobile_slide'), { span: FORM_GRID_COLUMNS })}
          </Grid>
        </Fieldset>
        <Fieldset legend={label('after_sale_service')}>
          <Grid columns={FORM_GRID_COLUMNS} gutter="md">
            {field('after_sale_service', input('after_sale_service', 'editor'), { span: FORM_GRID_COLUMNS })}
          </Grid>
        </Fieldset>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => form.reset()} disabled={saving}>
            {tc('reset')}
          </Button>
          <Button type="submit" loading={saving}>
            {tc('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The seller's store settings (/Seller/stores): saving a store still filling in or denied submits it for review. */
export default function StoreSettingsPage() {
  const { state, retry, replace } = useLoad('seller-store', () => api.get<StoreSettingsAnswer>(ENDPOINT));
  if (state.status !== 'ready') return <LoadState state={state} onRetry={retry} />;
  return (
    <Stack gap="md">
      <StoreState store={state.data} />
      <StoreSettingsForm store={state.data} onSaved={replace} />
    </Stack>
  );
}
