// /user/address/form/{id?}: a new address, or the shopper's address {id} to edit. The area is chosen with the area
// cascader of the store wizard; the body is checked with the shared schema before sending and the server's field
// errors land on their fields. Saved, it goes back to the addresses — or to the page named by ?redirect= (the checkout
// page's "add address"), when that is a page of this site.
import { Anchor, Button, Checkbox, Group, LoadingOverlay, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { Address } from '@qshop/shared/schemas/addresses';
import { api, ApiError } from '../../api/client';
import { RETURN_TO_PARAM, safeReturnTo } from '../../router/returnTo';
import { EmptyState, LoadFailed, isNotFound } from '../../storefront/catalog/LoadStates';
import { useLoad } from '../../storefront/catalog/useLoad';
import { AreaCascader } from '../../storefront/stores/AreaCascader';
import { notifySuccess } from '../../utils/notify';
import { addressBody, addressErrors, addressValues, type AddressValues } from './addressForm';

const LIST_PATH = '/user/address';

function AddressForm({ address }: { address: Address | null }) {
  const { t: ts } = useTranslation(undefined, { keyPrefix: 'shopper' });
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const form = useForm<AddressValues>({ initialValues: addressValues(address) });
  const [saving, setSaving] = useState(false);

  const submit = form.onSubmit(async (values) => {
    const body = addressBody(values);
    const errors = addressErrors(body, ts('address.areaRequired'));
    form.setErrors(errors);
    if (Object.keys(errors).length) return;
    setSaving(true);
    try {
      if (address) await api.put(`/user/addresses/${address.id}`, body);
      else await api.post('/user/addresses', body);
      notifySuccess(ts('address.saved'));
      void navigate(safeReturnTo(searchParams.get(RETURN_TO_PARAM)) ?? LIST_PATH);
    } catch (error) {
      if (error instanceof ApiError) form.setErrors(error.fieldErrors);
    } finally {
      setSaving(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={560}>
        <Group grow align="flex-start">
          <TextInput label={ts('address.receiveName')} required {...form.getInputProps('receive_name')} />
          <TextInput label={ts('address.receiveTel')} required inputMode="tel" {...form.getInputProps('receive_tel')} />
        </Group>
        <AreaCascader
          label={ts('address.area')}
          required
          value={form.values.area}
          onChange={(area) => form.setFieldValue('area', area)}
          error={form.errors.area as string | undefined}
        />
        <TextInput label={ts('address.address')} required placeholder={ts('address.addressPlaceholder')} {...form.getInputProps('address')} />
        <Checkbox
          label={ts('address.isDefault')}
          // The default stays the default until another address is chosen.
          disabled={address?.is_default === 1}
          {...form.getInputProps('is_default', { type: 'checkbox' })}
        />
        <Group>
          <Button type="submit" loading={saving}>
            {ts('address.save')}
          </Button>
          <Anchor component={Link} to={LIST_PATH} size="sm">
            {ts('address.back')}
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}

export default function AddressFormPage() {
  const { t: ts } = useTranslation(undefined, { keyPrefix: 'shopper' });
  const { id } = useParams();
  const addressId = id === undefined ? null : Number(id);
  const valid = addressId === null || (Number.isInteger(addressId) && addressId > 0);
  const loaded = useLoad(`address/${id ?? 'new'}`, () =>
    addressId === null || !valid ? Promise.resolve(null) : api.get<Address>(`/user/addresses/${addressId}`),
  );

  const title = <Title order={4}>{ts(addressId === null ? 'address.newTitle' : 'address.editTitle')}</Title>;
  if (loaded.loading && !loaded.data) return <LoadingOverlay visible />;
  if (loaded.failed && !isNotFound(loaded.error)) return <LoadFailed onRetry={loaded.reload} />;
  if (addressId !== null && !loaded.data)
    return (
      <Stack gap="sm">
        {title}
        <EmptyState message={ts('address.notFound')}>
          <Anchor component={Link} to={LIST_PATH} size="sm">
            {ts('address.back')}
          </Anchor>
        </EmptyState>
      </Stack>
    );
  return (
    <Stack gap="sm">
      {title}
      <AddressForm key={loaded.data?.id ?? 'new'} address={loaded.data ?? null} />
    </Stack>
  );
}
