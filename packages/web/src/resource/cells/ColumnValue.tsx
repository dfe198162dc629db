import { Group } from '@mantine/core';
import type { ColumnKind, DictOption } from '@qshop/shared';
import { dictLabel } from '../dict';
import { FaIcon } from '../icons/FaIcon';
import { richTextHtml } from '../richText';
import { HtmlView } from './HtmlView';
import { Thumb } from './Thumb';
import { ValueTag } from './ValueTag';
import { formatMoney, listOf, plainText } from './values';

interface ColumnValueProps {
  kind: ColumnKind;
  value: unknown;
  /** Dictionary options of dict, dict_tags and labelled tags columns */
  options: DictOption[];
  /** Accessible name of framed content (html) */
  label: string;
}

function Tags({ values, options }: { values: unknown[]; options: DictOption[] }) {
  if (values.length === 0) return <>-</>;
  return (
    <Group gap={4}>
      {values.map((item) => (
        <ValueTag key={String(item)} value={item} label={options.length ? dictLabel(options, item) : undefined} />
      ))}
    </Group>
  );
}

/** One value shown the way its column kind says. */
export function ColumnValue({ kind, value, options, label }: ColumnValueProps) {
  switch (kind) {
    case 'money':
      return <>{formatMoney(value)}</>;
    case 'tags':
    case 'dict_tags':
      return <Tags values={Array.isArray(value) ? value : [value]} options={options} />;
    case 'tags_array':
      return <Tags values={listOf(value)} options={options} />;
    case 'icon_tags':
      return typeof value === 'string' && value ? (
        <Group gap={6} wrap="nowrap">
          <FaIcon name={value} />
          <span>{value}</span>
        </Group>
      ) : (
        <>-</>
      );
    case 'dict':
      return <>{dictLabel(options, value) || '-'}</>;
    case 'avatar':
      return <Thumb src={value} round />;
    case 'image':
      return <Thumb src={value} />;
    case 'images': {
      const sources = listOf(value);
      if (sources.length === 0) return <>-</>;
      return (
        <Group gap={4}>
          {sources.map((src) => (
            <Thumb key={String(src)} src={src} />
          ))}
        </Group>
      );
    }
    case 'html':
      return <HtmlView html={richTextHtml(typeof value === 'string' ? value : '')} title={label} />;
    default:
      return <>{plainText(value)}</>;
  }
}
