import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Grid, Group } from '@mantine/core';
import { useForm } from '@mantine/form';
import { createSchema, updateSchema, type ResourceDecl } from '@qshop/shared';
import { api } from '../../api/client';
import { showFieldErrors } from '../../utils/formErrors';
import { notifySuccess } from '../../utils/notify';
import '../fieldLabels';
import type { Row } from '../types';
import { useDictMap } from '../useDictOptions';
import { formInput, validateInput, type FormMode } from '../validation';
import { FieldInput } from './FieldInput';
import { FieldRow } from './FieldRow';
import { FORM_GRID_COLUMNS, formFieldsOf, initialValues } from './formFields';

export interface ResourceFormProps {
  decl: ResourceDecl;
  endpoint: string;
  mode: FormMode;
  /** The record edited (update) */
  record: Row | null;
  onSaved: () => void;
  onCancel: () => void;
}

/**
 * The add/edit form of a declared resource. Input is checked against the declaration's schema first:
 * if invalid nothing is sent. A refusal keeps the form open with the server's field errors.
 */
export function ResourceForm({ decl, endpoint, mode, record, onSaved, onCancel }: ResourceFormProps) {
  const { t } = useTranslation();
  const formId = useId();
  const models = useMemo(() => formFieldsOf(decl), [decl]);
  const schema = useMemo(() => (mode === 'create' ? createSchema(decl) : updateSchema(decl)), [decl, mode]);
  const dicts = useDictMap(useMemo(() => Object.fromEntries(models.map((model) => [model.name, model.field.form?.dict])), [models]));
  const form = useForm<Record<string, unknown>>({ mode: 'controlled', initialValues: initialValues(models, record, mode) });
  const [saving, setSaving] = useState(false);

  const save = async (values: Record<string, unknown>) => {
    const input = formInput(values, decl.fields, mode);
    const errors = validateInput(schema, input);
    if (Object.keys(errors).length > 0) {
      form.setErrors(errors);
      return;
    }
    setSaving(true);
    try {
      if (mode === 'create') await api.post(endpoint, input);
      else await api.put(`${endpoint}/${record!.id}`, input);
      notifySuccess(t('msg.success'));
      onSaved();
    } catch (error) {
      showFieldErrors(form, error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={form.onSubmit(save)} noValidate>
      <Grid columns={FORM_GRID_COLUMNS} gutter="md">
        {models.map(({ name, field, kind, span }) => {
          const id = `${formId}-${name}`;
          const { value, onChange, error } = form.getInputProps(name);
          return (
            <Grid.Col key={name} span={span}>
              <FieldRow id={id} label={t(field.label)} required={mode === 'create' && field.required}>
                <FieldInput kind={kind} id={id} name={name} value={value} onChange={onChange} error={error} options={dicts[name] ?? []} form={field.form} />
              </FieldRow>
            </Grid.Col>
          );
        })}
      </Grid>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" loading={saving}>
          {t('common.confirm')}
        </Button>
      </Group>
    </form>
  );
}
