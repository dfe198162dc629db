import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ADMIN_RESOURCES } from '@qshop/shared/resources/index';
import i18n from '../../i18n';
import { renderInApp, stubApi } from '../testing';
import { ResourceForm } from './ResourceForm';

const provinces = [{ id: 1, name: 'Beijing', code: '110000', has_children: true }];
const cities = [{ id: 3, name: 'Beijing City', code: '110100', has_children: false }];

describe('the lazy cascader', () => {
  it('loads the roots with pid=0, children by the chosen id, and posts the deepest value', async () => {
    const requests = stubApi((request) => {
      if (request.url.pathname === '/api/load_areas') {
        return { code: 200, msg: '', data: request.url.searchParams.get('pid') === '0' ? provinces : cities };
      }
      return { code: 200, msg: '', data: { id: 9 } };
    });
    const onSaved = vi.fn();
    renderInApp(<ResourceForm decl={ADMIN_RESOURCES.areas} endpoint="/Admin/areas" mode="create" record={null} onSaved={onSaved} onCancel={vi.fn()} />);

    await userEvent.click(screen.getByLabelText(new RegExp(i18n.t('fields.parent_area'))));
    await userEvent.click(await screen.findByRole('option', { name: 'Beijing' }));
    await waitFor(() => expect(requests.some((r) => r.url.searchParams.get('pid') === '1')).toBe(true));
    expect(requests[0].url.pathname + requests[0].url.search).toBe('/api/load_areas?pid=0');

    const levelSelects = () => screen.getAllByRole('textbox').filter((box) => box.closest('.mantine-Select-root'));
    await waitFor(() => expect(levelSelects()).toHaveLength(2));
    await userEvent.click(levelSelects()[1]);
    await userEvent.click(await screen.findByRole('option', { name: 'Beijing City' }));
    await userEvent.type(screen.getByLabelText(new RegExp(i18n.t('fields.name'))), 'Beijing City');
    await userEvent.type(screen.getByLabelText(new RegExp(i18n.t('fields.area_code'))), '110100');
    await userEvent.click(screen.getByRole('button', { name: i18n.t('common.confirm') }));

    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const post = requests.find((r) => r.method === 'POST')!;
    expect(new URLSearchParams(post.body).get('pid')).toBe('110100');
  });
});
