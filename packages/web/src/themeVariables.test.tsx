import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { themeVariablesCss } from '../themeVariables';
import { theme } from './theme';

describe('the theme variables written at build time', () => {
  it('are the ones MantineProvider would compute on every page load', () => {
    render(
      <MantineProvider theme={theme}>
        <p>shop</p>
      </MantineProvider>,
    );
    const computed = document.querySelector('style[data-mantine-styles]')?.innerHTML;
    expect(computed).toContain('--mantine-primary-color-filled: var(--mantine-color-red-filled)');
    expect(themeVariablesCss()).toBe(computed);
  });
});
