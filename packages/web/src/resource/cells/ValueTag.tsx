import { Badge } from '@mantine/core';
import { tagColor, tagText } from '../tagColor';
import classes from './ValueTag.module.css';

/** A tag coloured by its value; the text is the label when one is given. */
export function ValueTag({ value, label }: { value: unknown; label?: string }) {
  const color = tagColor(value);
  if (!color) return <>{tagText(value)}</>;
  return (
    <Badge color={color} variant="light" radius="sm" tt="none" classNames={{ root: classes.tag, label: classes.label }}>
      {label ?? tagText(value)}
    </Badge>
  );
}
