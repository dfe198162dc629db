import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { defineResource, translate, zx, type ResourceDecl } from '@qshop/shared';
import i18n, { currentLanguage } from '../../i18n';
import { brands } from '../fixtures';
import { renderInApp, stubApi } from '../testing';
import { ResourceForm } from './ResourceForm';

function renderForm(decl: ResourceDecl = brands, onSaved = vi.fn()) {
  renderInApp(<ResourceForm decl={decl} endpoint="/Admin/goods_brands" mode="create" record={null} onSaved={onSaved} onCancel={vi.fn()} />);
  return onSaved;
}

const confirmButton = () => screen.getByRole('button', { name: i18n.t('common.confirm') });

describe('the resource form', () => {
  it('limits a textarea to 15 characters with a counter by default', async () => {
    stubApi();
    renderForm();
    const remark = screen.getByLabelText(i18n.t('fields.remark'));
    expect(remark).toHaveAttribute('maxlength', '15');
    expect(screen.getByText('0/15')).toBeInTheDocument();
    await userEvent.type(remark, 'a'.repeat(20));
    expect(remark).toHaveValue('a'.repeat(15));
    expect(screen.getByText('15/15')).toBeInTheDocument();
  });

  it("uses the declaration's maxLength for a textarea", () => {
    stubApi();
    const notes = defineResource({ name: 'notes', area: 'admin', fields: { body: { label: 'fields.content', input: zx.text(200), form: { type: 'textarea', maxLength: 200 } } } });
    renderForm(notes);
    expect(screen.getByLabelText(i18n.t('fields.content'))).toHaveAttribute('maxlength', '200');
    expect(screen.getByText('0/200')).toBeInTheDocument();
  });

  it('refuses invalid input without calling the API and shows the translated field error', async () => {
    const requests = stubApi();
    const onSaved = renderForm();
    await userEvent.click(confirmButton());
    expect(await screen.findByText(translate(currentLanguage(), 'valid.required'))).toBeInTheDocument();
    expect(requests).toEqual([]);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('posts the form fields form-encoded, shows msg.success and reports the save', async () => {
    const requests = stubApi(() => ({ code: 200, msg: '', data: { id: 9 } }));
    const onSaved = renderForm();
    await userEvent.type(screen.getByLabelText(new RegExp(i18n.t('fields.name'))), 'Apple');
    await userEvent.click(confirmButton());
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(requests).toHaveLength(1);
    expect(requests[0].method).toBe('POST');
    expect(requests[0].url.pathname).toBe('/api/Admin/goods_brands');
    expect(Object.fromEntries(new URLSearchParams(requests[0].body))).toEqual({ name: 'Apple', is_show: '0' });
    expect(await screen.findByText(i18n.t('msg.success'))).toBeInTheDocument();
  });

  it('keeps the form open with the server field errors when the answer is a failure', async () => {
    stubApi(() => ({ code: 400, msg: 'Data is abnormal.', data: { name: 'The name is taken.' } }));
    const onSaved = renderForm();
    await userEvent.type(screen.getByLabelText(new RegExp(i18n.t('fields.name'))), 'Apple');
    await userEvent.click(confirmButton());
    expect(await screen.findByText('The name is taken.')).toBeInTheDocument();
    expect(onSaved).not.toHaveBeenCalled();
    expect(screen.queryByText(i18n.t('msg.success'))).not.toBeInTheDocument();
  });
});
