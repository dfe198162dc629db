// /store/step_2: the store data. Checked with the shared schema before sending; PUT /api/store submits it for
// verification (state 2) and the wizard moves on to the result. Server field errors land on their fields.
import { Alert, Button, Fieldset, Group, MultiSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { STORE_VERIFY } from '@qshop/shared/schemas/catalog';
import { api, ApiError } from '../../api/client';
import { notifySuccess } from '../../utils/notify';
import { useCommonData } from '../commonStore';
import {
  applicationBody, applicationErrors, applicationValues, formFieldErrors, leafClasses, type Application, type ApplicationValues,
} from './application';
import { AreaCascader } from './AreaCascader';
import { ImageUpload } from './ImageUpload';
import { WizardFrame } from './WizardFrame';
import { wizardPath } from './wizard';

function ApplicationForm({ app }: { app: Application | null }) {
  const { t: tc } = useTranslation(undefined, { keyPrefix: 'catalog' });
  const navigate = useNavigate();
  const tree = useCommonData()?.classes;
  const leaves = useMemo(() => leafClasses(tree ?? []), [tree]);
  const form = useForm<ApplicationValues>({ initialValues: applicationValues(app) });
  const [saving, setSaving] = useState(false);

  const submit = form.onSubmit(async (values) => {
    const body = applicationBody(values, leaves);
    const errors = applicationErrors(body, { area: tc('join.areaRequired'), classes: tc('join.classesRequired') });
    form.setErrors(errors);
    if (Object.keys(errors).length) return;
    setSaving(true);
    try {
      await api.put('/store', body);
      notifySuccess(tc('join.submitted'));
      void navigate(wizardPath('step_3'));
    } catch (error) {
      if (error instanceof ApiError) form.setErrors(formFieldErrors(error.fieldErrors));
    } finally {
      setSaving(false);
    }
  });

  const text = (field: keyof ApplicationValues, labelKey: string, required = false, placeholder?: string) => (
    <TextInput label={tc(labelKey)} required={required} placeholder={placeholder} {...form.getInputProps(field)} />
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {app?.store_verify === STORE_VERIFY.DENIED && (
          <Alert color="red" title={tc('join.denied')}>
            {tc('join.deniedReason', { reason: app.store_refuse_info || '-' })}
          </Alert>
        )}
        <Fieldset legend={tc('join.sectionStore')}>
          <SimpleGrid cols={2}>
            {text('store_name', 'join.storeNameField', true)}
            {text('store_company_name', 'join.company')}
            {text('store_mobile', 'join.storeMobile', true)}
            {text('store_address', 'join.address', true)}
          </SimpleGrid>
          <Stack gap="sm" mt="sm">
            <AreaCascader label={tc('join.area')} required value={form.values.area} onChange={(area) => form.setFieldValue('area', area)} error={form.errors.area as string | undefined} />
            <Group grow align="flex-start">
              {text('store_lat', 'join.lat', false, '39.920000')}
              {text('store_lng', 'join.lng', false, '116.460000')}
            </Group>
            <Text size="xs" c="dimmed">
              {tc('join.pointHint')}
            </Text>
            <MultiSelect
              label={tc('join.classes')}
              required
              searchable
              clearable
              data={leaves.map((leaf) => ({ value: leaf.value, label: leaf.label }))}
              placeholder={tc('join.classesPlaceholder')}
              nothingFoundMessage={tc('join.classesNone')}
              {...form.getInputProps('classes')}
            />
          </Stack>
        </Fieldset>
        <Fieldset legend={tc('join.sectionLicence')}>
          <SimpleGrid cols={2}>
            {text('business_license_no', 'join.licenceNo', true)}
            <ImageUpload label={tc('join.licenceImage')} folder="business_license" required value={form.values.business_license} onChange={(url) => form.setFieldValue('business_license', url)} error={form.errors.business_license as string | undefined} />
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend={tc('join.sectionLegal')}>
          <SimpleGrid cols={2}>
            {text('legal_person', 'join.legalPerson', true)}
            {text('store_phone', 'join.legalPhone', true)}
            {text('id_card_no', 'join.idCardNo', true)}
          </SimpleGrid>
          <SimpleGrid cols={2} mt="sm">
            <ImageUpload label={tc('join.idCardFront')} folder="id_card" required value={form.values.id_card_t} onChange={(url) => form.setFieldValue('id_card_t', url)} error={form.errors.id_card_t as string | undefined} />
            <ImageUpload label={tc('join.idCardBack')} folder="id_card" required value={form.values.id_card_b} onChange={(url) => form.setFieldValue('id_card_b', url)} error={form.errors.id_card_b as string | undefined} />
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend={tc('join.sectionEmergency')}>
          <SimpleGrid cols={2}>
            {text('emergency_contact', 'join.emergencyContact')}
            {text('emergency_contact_phone', 'join.emergencyPhone')}
          </SimpleGrid>
        </Fieldset>
        <Group>
          <Button variant="default" onClick={() => void navigate(wizardPath('step_1'))}>
            {tc('join.back')}
          </Button>
          <Button type="submit" loading={saving}>
            {tc('join.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export default function Step2Page() {
  return <WizardFrame page="step_2">{(app) => <ApplicationForm app={app} />}</WizardFrame>;
}
