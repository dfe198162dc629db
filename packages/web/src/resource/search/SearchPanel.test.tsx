import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import type { SearchOption } from '../searchOptions';
import { renderInApp } from '../testing';
import { SearchPanel } from './SearchPanel';

const options: SearchOption[] = Array.from({ length: 7 }, (_, i) => ({ type: 'text', label: `Field ${i + 1}`, value: `f${i + 1}`, where: 'like' }));

describe('the search panel', () => {
  it('shows 5 fields until expanded', async () => {
    renderInApp(<SearchPanel options={options} onSearch={vi.fn()} />);
    expect(screen.getAllByRole('textbox')).toHaveLength(5);
    await userEvent.click(screen.getByRole('button', { name: i18n.t('resource.search.expand') }));
    expect(screen.getAllByRole('textbox')).toHaveLength(7);
    await userEvent.click(screen.getByRole('button', { name: i18n.t('resource.search.collapse') }));
    expect(screen.getAllByRole('textbox')).toHaveLength(5);
  });

  it('sends the filled fields as field=value|op, and nothing after reset', async () => {
    const onSearch = vi.fn();
    renderInApp(<SearchPanel options={options.slice(0, 2)} onSearch={onSearch} />);
    await userEvent.type(screen.getByLabelText('Field 2'), 'tea');
    await userEvent.click(screen.getByRole('button', { name: i18n.t('resource.search.submit') }));
    expect(onSearch).toHaveBeenLastCalledWith({ f2: 'tea|like' });
    await userEvent.click(screen.getByRole('button', { name: i18n.t('resource.search.reset') }));
    expect(onSearch).toHaveBeenLastCalledWith({});
    expect(screen.getByLabelText('Field 2')).toHaveValue('');
  });
});
