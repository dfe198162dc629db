// Every declared back-office resource renders as a list page with an add form holding all its form fields.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_RESOURCES, SELLER_RESOURCES } from '@qshop/shared/resources/index';
import { clearSession, setUser } from '../auth/session';
import i18n from '../i18n';
import { tableButtons } from './buttons';
import { dialogTitle } from './dialogs';
import { formFieldsOf } from './form/formFields';
import ResourcePage from './ResourcePage';
import { listAnswer, renderInApp, stubApi } from './testing';

const declared = [
  ...Object.values(ADMIN_RESOURCES).map((decl) => [`/Admin/${decl.name}`, decl] as const),
  ...Object.values(SELLER_RESOURCES).map((decl) => [`/Seller/${decl.name}`, decl] as const),
];

describe('declared resources', () => {
  // As a super admin and store owner: every action the resources serve is offered.
  beforeEach(() => setUser('admin', { id: 1, username: 'admin', is_super: 1 }));
  afterEach(() => clearSession('admin'));

  it.each(declared)('%s lists its rows and offers its form', async (path, decl) => {
    stubApi(() => listAnswer([]));
    renderInApp(<ResourcePage />, path);
    expect(await screen.findByText(i18n.t('common.empty'))).toBeInTheDocument();
    // Its dialogs are titled with what it holds ("添加文章", "Add article"), in both languages.
    const nameKey = `resourceName.${decl.area}.${decl.name}`;
    expect(['zh-cn', 'en'].every((lng) => i18n.exists(nameKey, { lng, fallbackLng: false })), nameKey).toBe(true);
    if (!tableButtons(decl, true).store) return;
    await userEvent.click(screen.getByRole('button', { name: i18n.t('resource.toolbar.add') }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: i18n.t('resource.named.add', { name: i18n.t(nameKey) }) })).toBeInTheDocument();
    for (const { field } of formFieldsOf(decl)) {
      expect(within(dialog).getByText(i18n.t(field.label))).toBeInTheDocument();
      expect(i18n.exists(field.label, { lng: 'en', fallbackLng: false })).toBe(true);
    }
  });

  it('titles the dialogs with the resource in the current language', async () => {
    const articles = ADMIN_RESOURCES.articles;
    stubApi(() => listAnswer([]));
    await i18n.changeLanguage('zh-cn');
    try {
      renderInApp(<ResourcePage />, '/Admin/articles');
      await userEvent.click(await screen.findByRole('button', { name: i18n.t('resource.toolbar.add') }));
      expect(await screen.findByRole('heading', { name: '添加文章' })).toBeInTheDocument();
      expect(dialogTitle(i18n.t, articles, 'update')).toBe('编辑文章');
      expect(dialogTitle(i18n.t, { area: 'admin', name: 'unnamed' }, 'update')).toBe('编辑');
      await i18n.changeLanguage('en');
      expect(dialogTitle(i18n.t, articles, 'create')).toBe('Add article');
      expect(dialogTitle(i18n.t, SELLER_RESOURCES.freights, 'view')).toBe('View freight template');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
