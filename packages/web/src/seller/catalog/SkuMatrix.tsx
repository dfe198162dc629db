import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionIcon, Alert, Anchor, Button, Checkbox, FileButton, Group, Image, MultiSelect, ScrollArea, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconPhotoUp, IconRefresh, IconX } from '@tabler/icons-react';
import { MAX_SKUS } from '@qshop/shared/schemas/catalog';
import { uploadFile } from '../../resource/upload';
import { notifyError } from '../../utils/notify';
import { attrPicksProblem } from './goodsFormModel';
import { activeAttrs, buildMatrix, combinationCount, fillColumns, SKU_VALUE_COLUMNS, type Attr, type SkuColumn, type SkuRow, type SkuValueColumn, type SkuValues } from './skuMatrix';
import '../../i18n/backoffice';

const THUMB = 36;
const REQUIRED: readonly SkuValueColumn[] = ['goods_price', 'goods_stock'];

interface SkuMatrixProps {
  /** The store's attributes with all their specs */
  storeAttrs: Attr[];
  /** The attributes picked, each with the specs picked */
  attrs: Attr[];
  rows: SkuRow[];
  /** Form errors by path (`skus.<row>.<column>`, `attrs`) */
  errors: Record<string, ReactNode>;
  /** Values of new rows (the goods' own price, weight...) */
  defaults: Partial<SkuValues>;
  onChange: (attrs: Attr[], rows: SkuRow[]) => void;
  onCellChange: (row: number, column: SkuColumn, value: string) => void;
  onReloadAttrs: () => void;
  attrsPage: string;
}

function SkuImage({ value, label, onChange }: { value: string; label: string; onChange: (url: string) => void }) {
  const { t: tc } = useTranslation(undefined, { keyPrefix: 'boCatalog' });
  const [uploading, setUploading] = useState(false);
  const upload = async (file: File | null) => {
    if (!file) return;
    setUploading(true);
    try {
      onChange(await uploadFile(file, 'image', { name: 'goods' }));
    } catch {
      // the client has shown the refusal
    } finally {
      setUploading(false);
    }
  };
  return (
    <Group gap={4} wrap="nowrap">
      {value ? <Image src={value} w={THUMB} h={THUMB} fit="contain" alt={label} /> : null}
      <FileButton onChange={(file) => void upload(file)} accept="image/*">
        {(props) => (
          <ActionIcon variant="default" loading={uploading} aria-label={tc('uploadSkuImage', { sku: label })} {...props}>
            <IconPhotoUp size={16} />
          </ActionIcon>
        )}
      </FileButton>
      {value ? (
        <ActionIcon variant="subtle" color="gray" aria-label={tc('removeSkuImage', { sku: label })} onClick={() => onChange('')}>
          <IconX size={14} />
        </ActionIcon>
      ) : null}
    </Group>
  );
}

/** Picks of attributes and specs, and the SKU matrix they give: one row per combination, with a bulk fill row. */
export function SkuMatrix({ storeAttrs, attrs, rows, errors, defaults, onChange, onCellChange, onReloadAttrs, attrsPage }: SkuMatrixProps) {
  const { t } = useTranslation();
  const { t: tc } = useTranslation(undefined, { keyPrefix: 'boCatalog' });
  const [bulk, setBulk] = useState<Partial<SkuValues>>({});
  const columnLabel = (column: SkuColumn) => t(`fields.${column === 'goods_image' ? 'sku_image' : column}`);

  const apply = (next: Attr[]) => {
    if (combinationCount(next) > MAX_SKUS) {
      notifyError(tc('tooManySkus', { max: MAX_SKUS }));
      return;
    }
    onChange(next, buildMatrix(next, rows, defaults));
  };

  const pickAttrs = (ids: string[]) => {
    const next = ids.flatMap((id) => {
      const kept = attrs.find((attr) => String(attr.id) === id);
      if (kept) return [kept];
      const attr = storeAttrs.find((item) => String(item.id) === id);
      return attr ? [{ ...attr, specs: [] }] : [];
    });
    apply(next.sort((a, b) => a.id - b.id));
  };

  const toggleSpec = (attrId: number, specId: number, checked: boolean) => {
    const store = storeAttrs.find((attr) => attr.id === attrId);
    if (!store) return;
    apply(
      attrs.map((attr) => {
        if (attr.id !== attrId) return attr;
        const picked = new Set(attr.specs.map((spec) => spec.id));
        if (checked) picked.add(specId);
        else picked.delete(specId);
        return { ...attr, specs: store.specs.filter((spec) => picked.has(spec.id)) };
      }),
    );
  };

  const fill = () => {
    onChange(attrs, fillColumns(rows, bulk));
    setBulk({});
  };

  const problem = attrPicksProblem(attrs);
  const shown = activeAttrs(attrs);
  const rowLabel = (row: SkuRow) => row.names.join(' / ');

  return (
    <Stack gap="sm">
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <MultiSelect
          label={tc('skuAttrs')}
          data={storeAttrs.map((attr) => ({ value: String(attr.id), label: attr.name }))}
          value={attrs.map((attr) => String(attr.id))}
          onChange={pickAttrs}
          placeholder={storeAttrs.length ? tc('skuAttrsPlaceholder') : tc('noAttrs')}
          clearable
          searchable
          style={{ flex: 1 }}
        />
        <Button variant="default" leftSection={<IconRefresh size={14} />} onClick={onReloadAttrs}>
          {tc('reloadAttrs')}
        </Button>
        <Anchor href={attrsPage} target="_blank" size="sm" pb={8} style={{ whiteSpace: 'nowrap' }}>
          {tc('manageAttrs')}
        </Anchor>
      </Group>

      {attrs.map((attr) => {
        const store = storeAttrs.find((item) => item.id === attr.id);
        const picked = new Set(attr.specs.map((spec) => spec.id));
        return (
          <Group key={attr.id} gap="md" role="group" aria-label={attr.name}>
            <Text size="sm" fw={500} w={80}>
              {attr.name}
            </Text>
            {(store?.specs ?? []).map((spec) => (
              <Checkbox key={spec.id} label={spec.name} checked={picked.has(spec.id)} onChange={(event) => toggleSpec(attr.id, spec.id, event.currentTarget.checked)} />
            ))}
            {store && store.specs.length === 0 ? (
              <Text size="xs" c="dimmed">
                {tc('attrWithoutSpecs')}
              </Text>
            ) : null}
          </Group>
        );
      })}

      {problem === 'pickSpecs' ? (
        <Text size="xs" c="orange">
          {tc('pickSpecs')}
        </Text>
      ) : null}
      {errors.attrs || errors.skus ? (
        <Alert color="red" variant="light" p="xs">
          {errors.attrs ?? errors.skus}
        </Alert>
      ) : null}

      {rows.length > 0 ? (
        <ScrollArea>
          <Table withTableBorder withColumnBorders striped verticalSpacing={4} miw={720}>
            <Table.Thead>
              <Table.Tr>
                {shown.map((attr) => (
                  <Table.Th key={attr.id}>{attr.name}</Table.Th>
                ))}
                <Table.Th>{columnLabel('goods_image')}</Table.Th>
                {SKU_VALUE_COLUMNS.map((column) => (
                  <Table.Th key={column}>
                    {REQUIRED.includes(column) ? (
                      <Text span c="red" mr={2}>
                        *
                      </Text>
                    ) : null}
                    {columnLabel(column)}
                  </Table.Th>
                ))}
              </Table.Tr>
              <Table.Tr>
                <Table.Td colSpan={shown.length + 1}>
                  <Group justify="space-between" wrap="nowrap">
                    <Text size="sm" c="dimmed">
                      {tc('bulkFill')}
                    </Text>
                    <Button size="compact-xs" variant="light" onClick={fill}>
                      {tc('fill')}
                    </Button>
                  </Group>
                </Table.Td>
                {SKU_VALUE_COLUMNS.map((column) => (
                  <Table.Td key={column}>
                    <TextInput
                      size="xs"
                      aria-label={tc('bulkColumn', { column: columnLabel(column) })}
                      value={bulk[column] ?? ''}
                      onChange={(event) => setBulk({ ...bulk, [column]: event.currentTarget.value })}
                    />
                  </Table.Td>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row, index) => {
                const rowError = errors[`skus.${index}.spec_id`] ?? errors[`skus.${index}.id`];
                return (
                  <Table.Tr key={row.spec_id.join(',')}>
                    {row.names.map((name, i) => (
                      <Table.Td key={i}>
                        {name}
                        {i === row.names.length - 1 && rowError ? (
                          <Text c="red" size="xs">
                            {rowError}
                          </Text>
                        ) : null}
                      </Table.Td>
                    ))}
                    <Table.Td>
                      <SkuImage value={row.goods_image} label={rowLabel(row)} onChange={(url) => onCellChange(index, 'goods_image', url)} />
                    </Table.Td>
                    {SKU_VALUE_COLUMNS.map((column) => (
                      <Table.Td key={column}>
                        <TextInput
                          size="xs"
                          inputMode={column === 'goods_stock' ? 'numeric' : 'decimal'}
                          aria-label={`${rowLabel(row)} ${columnLabel(column)}`}
                          value={row[column]}
                          error={errors[`skus.${index}.${column}`]}
                          onChange={(event) => onCellChange(index, column, event.currentTarget.value)}
                        />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      ) : null}
    </Stack>
  );
}
