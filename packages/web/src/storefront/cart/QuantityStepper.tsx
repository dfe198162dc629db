import { ActionIcon, Group, TextInput } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MIN_BUY_QUANTITY } from '../../config';

/**
 * A quantity within 1..max: the buttons save one step at once; a typed number is saved when the field loses focus or
 * on Enter (brought within the bounds first); an empty or unchanged field goes back to the saved value.
 */
export function QuantityStepper({ value, max, label, disabled, onCommit }: {
  value: number;
  max: number;
  label: string;
  disabled?: boolean;
  onCommit: (quantity: number) => void;
}) {
  const { t: ts } = useTranslation(undefined, { keyPrefix: 'shopper' });
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  const upper = Math.max(max, MIN_BUY_QUANTITY);

  const commit = (quantity: number) => {
    const bounded = Math.min(Math.max(quantity, MIN_BUY_QUANTITY), upper);
    setText(String(bounded));
    if (bounded !== value) onCommit(bounded);
  };
  const commitText = () => {
    if (/^\d+$/.test(text)) commit(Number(text));
    else setText(String(value));
  };

  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon variant="default" size={30} aria-label={ts('cart.less')} disabled={disabled || value <= MIN_BUY_QUANTITY} onClick={() => commit(value - 1)}>
        <IconMinus size={14} />
      </ActionIcon>
      <TextInput
        w={56}
        size="xs"
        aria-label={label}
        value={text}
        disabled={disabled}
        inputMode="numeric"
        styles={{ input: { textAlign: 'center' } }}
        onChange={(event) => setText(event.currentTarget.value.replace(/\D/g, ''))}
        onBlur={commitText}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commitText();
        }}
      />
      <ActionIcon variant="default" size={30} aria-label={ts('cart.more')} disabled={disabled || value >= upper} onClick={() => commit(value + 1)}>
        <IconPlus size={14} />
      </ActionIcon>
    </Group>
  );
}
