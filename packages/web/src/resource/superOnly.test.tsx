// Permission rows and groups are written by super admins only (the server answers 403 to everyone else): their pages
// offer the write buttons to super admins and not to other admins, who still see the rows.
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN_RESOURCES } from '@qshop/shared/resources/index';
import { clearSession, setUser } from '../auth/session';
import i18n from '../i18n';
import { tableButtons } from './buttons';
import ResourcePage from './ResourcePage';
import { listAnswer, renderInApp, stubApi } from './testing';

const rows = {
  permissions: [{ id: 7, pid: 1, name: 'List goods', apis: 'admin.goods.index', content: '' }],
  permission_groups: [{ id: 1, name: 'Goods group', content: 'goods' }],
};

async function renderAs(isSuper: 0 | 1, name: 'permissions' | 'permission_groups') {
  setUser('admin', { id: 2, username: 'operator', is_super: isSuper });
  stubApi((request) => (request.url.pathname.endsWith('permission_groups') && name === 'permissions' ? listAnswer(rows.permission_groups) : listAnswer(rows[name])));
  renderInApp(<ResourcePage />, `/Admin/${name}`);
  await screen.findByText(name === 'permissions' ? 'admin.goods.index' : 'Goods group');
}

const writeButtons = () => ({
  add: screen.queryByRole('button', { name: i18n.t('resource.toolbar.add') }),
  deleteSelected: screen.queryByRole('button', { name: i18n.t('resource.toolbar.deleteSelected') }),
  edit: screen.queryByRole('button', { name: i18n.t('resource.edit') }),
});

afterEach(() => clearSession('admin'));

describe('super-only actions', () => {
  it.each(['permissions', 'permission_groups'] as const)('/Admin/%s offers add, edit and delete to a super admin only', async (name) => {
    await renderAs(0, name);
    expect(writeButtons()).toEqual({ add: null, deleteSelected: null, edit: null });
    expect(screen.getByRole('button', { name: i18n.t('resource.view') })).toBeInTheDocument();
  });

  it.each(['permissions', 'permission_groups'] as const)('/Admin/%s shows them to a super admin', async (name) => {
    await renderAs(1, name);
    const buttons = writeButtons();
    expect(buttons.add).toBeInTheDocument();
    expect(buttons.deleteSelected).toBeInTheDocument();
    expect(buttons.edit).toBeInTheDocument();
  });

  it('hides import too, and leaves resources without super-only actions alone', () => {
    const decl = { ...ADMIN_RESOURCES.permissions, buttons: { import: true } };
    expect(tableButtons(decl, false)).toMatchObject({ store: false, update: false, deletes: false, destroy: false, import: false, show: true, search: true, export: true });
    expect(tableButtons(decl, true)).toMatchObject({ store: true, update: true, deletes: true, import: true });
    expect(tableButtons(ADMIN_RESOURCES.roles, false)).toEqual(tableButtons(ADMIN_RESOURCES.roles, true));
  });
});
