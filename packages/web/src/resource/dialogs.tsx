import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Center, Grid, Loader, Modal } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { ResourceDecl } from '@qshop/shared';
import i18n from '../i18n';
import { DIALOG_WIDTH, FORM_COLUMN_SPAN } from '../config';
import { ColumnValue } from './cells/ColumnValue';
import { viewFieldsOf } from './columns';
import { FieldRow } from './form/FieldRow';
import { FORM_GRID_COLUMNS } from './form/formFields';
import { ResourceForm } from './form/ResourceForm';
import type { Row } from './types';
import { useDictMap } from './useDictOptions';
import { useRecord } from './useRecord';
import type { FormMode } from './validation';

/** What a dialog works on: a new record, or an existing one by id. */
export type DialogTarget = { kind: 'create' } | { kind: 'update' | 'view'; id: number } | null;

interface DialogProps {
  decl: ResourceDecl;
  endpoint: string;
  target: DialogTarget;
  onClose: () => void;
  /** After a successful save: the list reloads */
  onSaved: () => void;
}

function Loading() {
  return (
    <Center py="xl">
      <Loader />
    </Center>
  );
}

function FormBody({ decl, endpoint, mode, id, onClose, onSaved }: Omit<DialogProps, 'target'> & { mode: FormMode; id: number | null }) {
  const { record, loading } = useRecord(endpoint, id);
  if (loading) return <Loading />;
  if (mode === 'update' && !record) return null;
  return <ResourceForm decl={decl} endpoint={endpoint} mode={mode} record={record} onSaved={onSaved} onCancel={onClose} />;
}

const FULL_WIDTH_KINDS = ['html', 'images'];

function ViewBody({ decl, endpoint, id }: { decl: ResourceDecl; endpoint: string; id: number }) {
  const { t } = useTranslation();
  const { record, loading } = useRecord(endpoint, id);
  const fields = useMemo(() => viewFieldsOf(decl), [decl]);
  const dicts = useDictMap(useMemo(() => Object.fromEntries(fields.map((field) => [field.name, field.dict])), [fields]));
  if (loading) return <Loading />;
  if (!record) return null;
  return (
    <Grid columns={FORM_GRID_COLUMNS} gutter="md">
      {fields.map((field) => {
        const label = t(field.label);
        return (
          <Grid.Col key={field.name} span={FULL_WIDTH_KINDS.includes(field.kind) ? FORM_GRID_COLUMNS : FORM_COLUMN_SPAN}>
            <FieldRow id={`view-${field.name}`} label={label}>
              <div id={`view-${field.name}`} style={{ paddingTop: 6, wordBreak: 'break-word' }}>
                <ColumnValue kind={field.kind} value={(record as Row)[field.name]} options={dicts[field.name] ?? []} label={label} />
              </div>
            </FieldRow>
          </Grid.Col>
        );
      })}
    </Grid>
  );
}

type DialogKind = NonNullable<DialogTarget>['kind'];
const NAMED_TITLES = { create: 'resource.named.add', update: 'resource.named.edit', view: 'resource.named.view' } as const;
const PLAIN_TITLES = { create: 'resource.add', update: 'resource.edit', view: 'resource.view' } as const;

/** "添加文章" / "Add article": the action and what the resource holds (resourceName.<area>.<name>); the bare action
 *  for a resource without a name. */
export function dialogTitle(t: TFunction, decl: Pick<ResourceDecl, 'area' | 'name'>, kind: DialogKind): string {
  const nameKey = `resourceName.${decl.area}.${decl.name}`;
  return i18n.exists(nameKey) ? t(NAMED_TITLES[kind], { name: t(nameKey) }) : t(PLAIN_TITLES[kind]);
}

/** The add, edit and view dialogs: 50% wide, their content destroyed on close. */
export function ResourceDialog({ decl, endpoint, target, onClose, onSaved }: DialogProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={target !== null} onClose={onClose} size={DIALOG_WIDTH} title={target ? dialogTitle(t, decl, target.kind) : ''}>
      {target?.kind === 'view' ? <ViewBody decl={decl} endpoint={endpoint} id={target.id} /> : null}
      {target && target.kind !== 'view' ? (
        <FormBody decl={decl} endpoint={endpoint} mode={target.kind} id={target.kind === 'update' ? target.id : null} onClose={onClose} onSaved={onSaved} />
      ) : null}
    </Modal>
  );
}
