import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { defineResource, zx } from '@qshop/shared';
import i18n from '../../i18n';
import { ResourceForm } from '../form/ResourceForm';
import { listAnswer, renderInApp, stubApi } from '../testing';

const pick = defineResource({
  name: 'picks',
  area: 'admin',
  fields: {
    brand_ids: { label: 'fields.name', input: zx.ids(), form: { type: 'table_select', props: { resource: '/Admin/goods_brands', multiple: true } } },
  },
});

describe('the table-select field', () => {
  it('refuses to confirm with nothing chosen (msg.selectErr), then posts the chosen ids', async () => {
    const requests = stubApi((request) =>
      request.method === 'GET' ? listAnswer([{ id: 4, name: 'Apple' }, { id: 5, name: 'Pear' }]) : { code: 200, msg: '', data: { id: 1 } },
    );
    const onSaved = vi.fn();
    renderInApp(<ResourceForm decl={pick} endpoint="/Admin/picks" mode="create" record={null} onSaved={onSaved} onCancel={vi.fn()} />);

    await userEvent.click(screen.getByRole('button', { name: i18n.t('resource.tableSelect.choose') }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Pear')).toBeInTheDocument();
    expect(requests[0].url.pathname).toBe('/api/Admin/goods_brands');

    await userEvent.click(within(dialog).getByRole('button', { name: i18n.t('common.confirm') }));
    expect(await screen.findByText(i18n.t('msg.selectErr'))).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    await userEvent.click(within(within(dialog).getByText('Pear').closest('tr')!).getByRole('checkbox'));
    await userEvent.click(within(dialog).getByRole('button', { name: i18n.t('common.confirm') }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('Pear')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: i18n.t('common.confirm') }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const post = requests.find((r) => r.method === 'POST')!;
    expect(new URLSearchParams(post.body).getAll('brand_ids[]')).toEqual(['5']);
  });
});
