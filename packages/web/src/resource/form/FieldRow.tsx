import type { CSSProperties, ReactNode } from 'react';
import { Box, Text } from '@mantine/core';
import { FORM_LABEL_WIDTH } from '../../config';
import classes from './FieldRow.module.css';

const rowStyle = { '--field-label-width': `${FORM_LABEL_WIDTH}px` } as CSSProperties;

/** A labelled form row: the label 90 px wide on the left (above the field on a phone). */
export function FieldRow({ id, label, required = false, children }: { id: string; label: string; required?: boolean; children: ReactNode }) {
  return (
    <div className={classes.row} style={rowStyle}>
      <Text component="label" htmlFor={id} size="sm" className={classes.label}>
        {required ? (
          <Text span c="red" mr={2}>
            *
          </Text>
        ) : null}
        {label}
      </Text>
      <Box className={classes.field}>{children}</Box>
    </div>
  );
}
