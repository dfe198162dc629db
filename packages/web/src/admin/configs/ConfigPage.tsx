import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { Alert, Button, Fieldset, Grid, Group, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { configUpdateSchema, type ConfigGroup, type ConfigValues } from '@qshop/shared/schemas/configs';
import { api } from '../../api/client';
import { FORM_COLUMN_SPAN } from '../../config';
import { FieldInput } from '../../resource/form/FieldInput';
import { FieldRow } from '../../resource/form/FieldRow';
import { FORM_GRID_COLUMNS } from '../../resource/form/formFields';
import '../../resource/fieldLabels';
import { showFieldErrors } from '../../utils/formErrors';
import { LoadState } from '../../seller/catalog/LoadState';
import { useLoad } from '../../seller/catalog/useLoad';
import { notifySuccess } from '../../utils/notify';
import {
  changedInput,
  configGroupOf,
  configSections,
  formValuesOf,
  secretPlaceholders,
  validateConfig,
  type ConfigField,
  type FormValues,
} from './configModel';
import '../../i18n/backoffice';

const WIDE_KINDS = ['textarea', 'editor'];

interface ConfigFormProps {
  group: ConfigGroup;
  endpoint: string;
  data: ConfigValues;
  onSaved: (data: ConfigValues) => void;
}

function ConfigForm({ group, endpoint, data, onSaved }: ConfigFormProps) {
  const { t } = useTranslation();
  const { t: tc } = useTranslation(undefined, { keyPrefix: 'configs' });
  const formId = useId();
  const sections = useMemo(() => configSections(group), [group]);
  const fields = useMemo(() => sections.flatMap((section) => section.fields), [sections]);
  const schema = useMemo(() => configUpdateSchema(group), [group]);
  const [loaded, setLoaded] = useState(() => formValuesOf(fields, data));
  const form = useForm<FormValues>({ mode: 'controlled', initialValues: loaded });
  const placeholders = useMemo(() => secretPlaceholders(fields, data), [fields, data]);
  const [saving, setSaving] = useState(false);

  const paths = new Set(fields.map((field) => field.path));
  const otherErrors = Object.entries(form.errors).filter(([path]) => !paths.has(path));

  const save = async (values: FormValues) => {
    const input = changedInput(fields, values, loaded);
    if (Object.keys(input).length === 0) {
      notifications.show({ message: tc('unchanged') });
      return;
    }
    const errors = validateConfig(schema, input);
    if (Object.keys(errors).length > 0) {
      form.setErrors(errors);
      return;
    }
    setSaving(true);
    try {
      const saved = await api.put<ConfigValues>(endpoint, input);
      const next = formValuesOf(fields, saved);
      setLoaded(next);
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

  const renderField = (field: ConfigField) => {
    const id = `${formId}-${field.path}`;
    const { value, onChange, error } = form.getInputProps(field.path);
    const placeholder = placeholders[field.path];
    const options = (field.dict ?? []).map((option) => ({ ...option, label: t(option.label) }));
    return (
      <Grid.Col key={field.path} span={WIDE_KINDS.includes(field.form) ? FORM_GRID_COLUMNS : FORM_COLUMN_SPAN}>
        <FieldRow id={id} label={t(field.label)}>
          <FieldInput
            kind={field.form}
            id={id}
            name={field.path}
            value={value}
            onChange={onChange}
            error={error}
            options={options}
            form={{ type: field.form, maxLength: field.maxLength }}
            placeholder={placeholder}
          />
          {placeholder ? (
            <Text size="xs" c="dimmed" mt={2}>
              {tc('secretKept')}
            </Text>
          ) : null}
        </FieldRow>
      </Grid.Col>
    );
  };

  return (
    <form onSubmit={form.onSubmit(save)} noValidate>
      <Stack gap="md">
        {sections.map((section) => {
          const grid = (
            <Grid columns={FORM_GRID_COLUMNS} gutter="md">
              {section.fields.map(renderField)}
            </Grid>
          );
          return section.name ? (
            <Fieldset key={section.name} legend={t(`fields.${group}_${section.name}`)}>
              {grid}
            </Fieldset>
          ) : (
            <div key="">{grid}</div>
          );
        })}
        {otherErrors.length > 0 ? (
          <Alert color="red">
            {otherErrors.map(([path, message]) => (
              <div key={path}>{String(message)}</div>
            ))}
          </Alert>
        ) : null}
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

function ConfigGroupPage({ group }: { group: ConfigGroup }) {
  const endpoint = `/Admin/configs/${group}`;
  const { state, retry, replace } = useLoad(endpoint, () => api.get<ConfigValues>(endpoint));
  if (state.status !== 'ready') return <LoadState state={state} onRetry={retry} keyPrefix="configs" />;
  return <ConfigForm group={group} endpoint={endpoint} data={state.data} onSaved={replace} />;
}

/** The settings form of the group the route path names (/Admin/configs/<group>). */
export default function ConfigPage() {
  const { t: tc } = useTranslation(undefined, { keyPrefix: 'configs' });
  const { pathname } = useLocation();
  const group = configGroupOf(pathname);
  if (!group) return <Text c="dimmed">{tc('unknownGroup', { path: pathname })}</Text>;
  return <ConfigGroupPage key={group} group={group} />;
}
