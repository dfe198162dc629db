import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { defineResource, zx } from '@qshop/shared';
import i18n from '../i18n';
import { brands } from './fixtures';
import { joinRichText } from './richText';
import ResourcePage from './ResourcePage';
import { listAnswer, renderInApp, stubApi, type SeenRequest } from './testing';

const rows = [
  { id: 1, name: 'Apple', is_show: 1, created_at: '2024-01-02 03:04:05' },
  { id: 2, name: 'Pear', is_show: 0, created_at: '2024-01-03 03:04:05' },
];

/** Answers list requests with `rows` and anything else with a success envelope. */
function stubBrands() {
  return stubApi((request) => (request.method === 'GET' ? listAnswer(rows) : { code: 200, msg: '', data: { deleted: 2 } }));
}

const lists = (requests: SeenRequest[]) => requests.filter((r) => r.method === 'GET');
const deletes = (requests: SeenRequest[]) => requests.filter((r) => r.method === 'DELETE');

async function renderBrands() {
  const requests = stubBrands();
  renderInApp(<ResourcePage decl={brands} endpoint="/Admin/goods_brands" />);
  await screen.findByText('Apple');
  return requests;
}

function rowCheckbox(name: string) {
  return within(screen.getByText(name).closest('tr')!).getByRole('checkbox');
}

describe('the resource list page', () => {
  it('loads the first page from the route endpoint and shows columns by kind', async () => {
    const requests = await renderBrands();
    const [first] = lists(requests);
    expect(first.url.pathname).toBe('/api/Admin/goods_brands');
    expect(Object.fromEntries(first.url.searchParams)).toEqual({ page: '1', per_page: '30' });
    expect(within(screen.getByText('Apple').closest('tr')!).getByText('Shown')).toBeInTheDocument();
    expect(within(screen.getByText('Pear').closest('tr')!).getByText('Hidden')).toBeInTheDocument();
    expect(screen.getByText(i18n.t('resource.pager.total', { total: 2 }))).toBeInTheDocument();
  });

  it('says "more than" the total when the server counted only up to its cap, with the pages of the counted rows', async () => {
    stubApi(() => ({ code: 200, msg: '', data: { data: rows, count: 2, total: 10000, total_capped: true, per_page: 30, last_page: 334, current_page: 1 } }));
    renderInApp(<ResourcePage decl={brands} endpoint="/Admin/goods_brands" />);
    expect(await screen.findByText(i18n.t('resource.pager.totalMore', { total: 10000 }))).toBeInTheDocument();
    expect(screen.queryByText(i18n.t('resource.pager.total', { total: 10000 }))).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '334' })).toBeInTheDocument();
  });

  it('asks for another page size from the first page', async () => {
    const requests = await renderBrands();
    await userEvent.click(screen.getByRole('textbox', { name: i18n.t('resource.pager.sizes') }));
    await userEvent.click(await screen.findByRole('option', { name: i18n.t('resource.pager.perPage', { size: 100 }) }));
    await waitFor(() => expect(lists(requests)).toHaveLength(2));
    expect(Object.fromEntries(lists(requests)[1].url.searchParams)).toEqual({ page: '1', per_page: '100' });
  });

  it('searches with field=value|op from the first page', async () => {
    const requests = await renderBrands();
    await userEvent.type(screen.getByLabelText(i18n.t('fields.name')), 'App');
    await userEvent.click(screen.getByRole('button', { name: i18n.t('resource.search.submit') }));
    await waitFor(() => expect(lists(requests)).toHaveLength(2));
    expect(Object.fromEntries(lists(requests)[1].url.searchParams)).toEqual({ name: 'App|like', page: '1', per_page: '30' });
  });

  it('orders by a sortable column from the first page: ascending, descending, then the default order', async () => {
    const requests = await renderBrands();
    const nameHeader = screen.getByRole('columnheader', { name: new RegExp(i18n.t('fields.name')) });
    const sortButton = () => within(nameHeader).getByRole('button', { hidden: true });
    await userEvent.click(sortButton());
    await waitFor(() => expect(lists(requests)).toHaveLength(2));
    expect(Object.fromEntries(lists(requests)[1].url.searchParams)).toEqual({ sort: 'name', page: '1', per_page: '30' });
    await userEvent.click(sortButton());
    await waitFor(() => expect(lists(requests)).toHaveLength(3));
    expect(lists(requests)[2].url.searchParams.get('sort')).toBe('-name');
    await userEvent.click(sortButton());
    await waitFor(() => expect(lists(requests)).toHaveLength(4));
    expect(lists(requests)[3].url.searchParams.has('sort')).toBe(false);
    // a column the server cannot order by offers no sorting
    const statusHeader = screen.getByRole('columnheader', { name: new RegExp(i18n.t('fields.status')) });
    expect(within(statusHeader).queryByRole('button', { hidden: true })).toBeNull();
  });

  it('shows "wait setting." when no search option is configured', async () => {
    stubApi(() => listAnswer([]));
    const plain = defineResource({ name: 'notes', area: 'admin', fields: { body: { label: 'fields.content', input: zx.text(20), column: { type: 'text' } } } });
    renderInApp(<ResourcePage decl={plain} endpoint="/Admin/notes" />);
    expect(await screen.findByText('wait setting.')).toBeInTheDocument();
  });

  it('refuses a bulk delete with nothing selected (msg.selectErr)', async () => {
    const requests = await renderBrands();
    await userEvent.click(screen.getByRole('button', { name: i18n.t('resource.toolbar.deleteSelected') }));
    expect(await screen.findByText(i18n.t('msg.selectErr'))).toBeInTheDocument();
    expect(screen.queryByText(i18n.t('table.deltit'))).not.toBeInTheDocument();
    expect(deletes(requests)).toEqual([]);
  });

  it('asks before deleting: cancel does nothing, confirm deletes the selected rows and reloads', async () => {
    const requests = await renderBrands();
    await userEvent.click(rowCheckbox('Apple'));
    await userEvent.click(rowCheckbox('Pear'));
    const deleteSelected = screen.getByRole('button', { name: i18n.t('resource.toolbar.deleteSelected') });

    await userEvent.click(deleteSelected);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(i18n.t('table.deltit'))).toBeInTheDocument();
    expect(within(dialog).getByText(i18n.t('table.delmsg'))).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: i18n.t('common.cancel') }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deletes(requests)).toEqual([]);

    await userEvent.click(deleteSelected);
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: i18n.t('common.confirm') }));
    await waitFor(() => expect(deletes(requests)).toHaveLength(1));
    expect(deletes(requests)[0].url.pathname).toBe('/api/Admin/goods_brands/1,2');
    expect(await screen.findByText(i18n.t('msg.success'))).toBeInTheDocument();
    await waitFor(() => expect(lists(requests)).toHaveLength(2));
  });

  it('loads tree children with isChildren=1&pid=<id> when a row is expanded', async () => {
    const menus = defineResource({ name: 'menus', area: 'admin', tree: true, fields: { name: { label: 'fields.name', column: { type: 'text' } } } });
    const requests = stubApi((request) =>
      request.url.searchParams.get('isChildren')
        ? listAnswer([{ id: 11, pid: 1, name: 'Child menu', has_children: false }])
        : listAnswer([{ id: 1, pid: 0, name: 'Root menu', has_children: true }]),
    );
    renderInApp(<ResourcePage decl={menus} endpoint="/Admin/menus" />);
    const root = (await screen.findByText('Root menu')).closest('tr')!;
    await userEvent.click(within(root).getByRole('button', { name: /expand/i }));
    expect(await screen.findByText('Child menu')).toBeInTheDocument();
    const children = lists(requests).find((r) => r.url.searchParams.get('isChildren'))!;
    expect(children.url.searchParams.get('isChildren')).toBe('1');
    expect(children.url.searchParams.get('pid')).toBe('1');
  });

  it('adds a row in the add dialog, then closes it and reloads the list', async () => {
    const requests = await renderBrands();
    await userEvent.click(screen.getByRole('button', { name: i18n.t('resource.toolbar.add') }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(new RegExp(i18n.t('fields.name'))), 'Plum');
    await userEvent.click(within(dialog).getByRole('button', { name: i18n.t('common.confirm') }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [post] = requests.filter((r) => r.method === 'POST');
    expect(post.url.pathname).toBe('/api/Admin/goods_brands');
    expect(new URLSearchParams(post.body).get('name')).toBe('Plum');
    await waitFor(() => expect(lists(requests)).toHaveLength(2));
  });

  it('views a record with only the html part of its rich text', async () => {
    const articles = defineResource({
      name: 'articles',
      area: 'admin',
      fields: {
        name: { label: 'fields.name', input: zx.text(20), form: { type: 'text' }, column: { type: 'text' } },
        content: { label: 'fields.rich_content', input: zx.text(5000), form: { type: 'editor' }, column: false },
      },
    });
    const record = { id: 5, name: 'About', content: joinRichText('<p>Hello</p>', { type: 'doc' }), created_at: '2024-01-02 03:04:05' };
    const requests = stubApi((request) => (request.url.pathname.endsWith('/5') ? { code: 200, msg: '', data: record } : listAnswer([record])));
    renderInApp(<ResourcePage decl={articles} endpoint="/Admin/articles" />);
    const row = (await screen.findByText('About')).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: i18n.t('resource.view') }));
    const frame = await within(await screen.findByRole('dialog')).findByTitle(i18n.t('fields.rich_content'));
    expect(frame).toHaveAttribute('srcdoc', '<p>Hello</p>');
    expect(frame).toHaveAttribute('sandbox', 'allow-same-origin');
    expect(requests.some((r) => r.url.pathname === '/api/Admin/articles/5')).toBe(true);
  });
});
