import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { MAX_ADDRESSES, type Address } from '@qshop/shared/schemas/addresses';
import i18n from '../../i18n';
import { envelope } from '../../test/http';
import { renderPage, stubApi, type SeenRequest } from '../../storefront/catalog/testing';
import AddressesPage from './AddressesPage';
import AddressFormPage from './AddressFormPage';

const address = (id: number, fields: Partial<Address> = {}): Address => ({
  id, receive_name: `Person ${id}`, receive_tel: '13800138000', area: [11, 12, 13], area_info: 'Beijing Beijing City Chaoyang',
  address: `Road ${id}`, province_id: 11, city_id: 12, region_id: 13, is_default: 0, ...fields,
});

const areas: Record<string, { id: number; name: string; has_children: boolean }[]> = {
  '0': [{ id: 11, name: 'Beijing', has_children: true }, { id: 44, name: 'Guangdong', has_children: true }],
  '11': [{ id: 12, name: 'Beijing City', has_children: true }],
  '12': [{ id: 13, name: 'Chaoyang', has_children: false }, { id: 14, name: 'Dongcheng', has_children: false }],
};

let list: unknown;
let requests: SeenRequest[];
let writeAnswer: (request: SeenRequest) => unknown;

beforeEach(async () => {
  await i18n.changeLanguage('en');
  localStorage.setItem('token', 'shopper');
  list = [address(2, { is_default: 1 }), address(3)];
  writeAnswer = () => ({ id: 9 });
  requests = stubApi((request) => {
    const path = request.url.pathname;
    if (path === '/api/user/addresses' && request.method === 'GET') return list;
    if (path === '/api/user/addresses/3' && request.method === 'GET') return address(3);
    if (path === '/api/user/addresses/2' && request.method === 'GET') return address(2, { is_default: 1 });
    if (path === '/api/user/addresses/99') return envelope(404, null, 'Not found', 404);
    if (path.startsWith('/api/user/addresses')) return writeAnswer(request);
    if (path === '/api/load_areas') return areas[request.url.searchParams.get('pid') ?? '0'];
    return null;
  });
});

const writes = () => requests.filter((r) => r.method !== 'GET' && r.url.pathname.startsWith('/api/user/addresses'));
const card = (name: string) => screen.getByRole('generic', { name });

describe('the address list', () => {
  it('shows the addresses with the default marked, and links to the form', async () => {
    renderPage('/user/address', AddressesPage, '/user/address');
    expect(await screen.findByText('Person 2')).toBeInTheDocument();
    expect(screen.getAllByTestId('address').map((a) => a.getAttribute('aria-label'))).toEqual(['Person 2', 'Person 3']);
    expect(within(card('Person 2')).getByText('Default')).toBeInTheDocument();
    expect(within(card('Person 2')).queryByRole('button', { name: 'Set as default' })).toBeNull();
    expect(within(card('Person 3')).getByText('Beijing Beijing City Chaoyang Road 3')).toBeInTheDocument();
    expect(within(card('Person 3')).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/user/address/form/3');
    expect(screen.getByRole('link', { name: 'Add address' })).toHaveAttribute('href', '/user/address/form');
    expect(screen.getByText(`2 of at most ${MAX_ADDRESSES} addresses`)).toBeInTheDocument();
  });

  it('makes an address the default and reads the list again', async () => {
    const user = userEvent.setup();
    renderPage('/user/address', AddressesPage, '/user/address');
    await screen.findByText('Person 3');
    list = [address(3, { is_default: 1 }), address(2)];
    await user.click(within(card('Person 3')).getByRole('button', { name: 'Set as default' }));
    await screen.findByText('This is your default address now');
    expect(writes().map((r) => [r.method, r.url.pathname])).toEqual([['PUT', '/api/user/addresses/3/default']]);
    await waitFor(() => expect(within(card('Person 3')).getByText('Default')).toBeInTheDocument());
  });

  it('deletes after a confirmation; cancelling deletes nothing', async () => {
    const user = userEvent.setup();
    renderPage('/user/address', AddressesPage, '/user/address');
    await screen.findByText('Person 3');
    await user.click(within(card('Person 3')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Person 3, Beijing Beijing City Chaoyang Road 3 will no longer be offered at checkout.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(writes()).toEqual([]);

    list = [address(2, { is_default: 1 })];
    await user.click(within(card('Person 3')).getByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await screen.findByText('The address was deleted');
    expect(writes().map((r) => [r.method, r.url.pathname])).toEqual([['DELETE', '/api/user/addresses/3']]);
    await waitFor(() => expect(screen.queryByText('Person 3')).toBeNull());
  });

  it('says when there is none, and when no more can be added', async () => {
    list = [];
    const first = renderPage('/user/address', AddressesPage, '/user/address');
    expect(await screen.findByText('You have no delivery address yet')).toBeInTheDocument();
    first.unmount();

    list = Array.from({ length: MAX_ADDRESSES }, (_, i) => address(i + 1));
    renderPage('/user/address', AddressesPage, '/user/address');
    expect(await screen.findByText(`You keep the most addresses allowed (${MAX_ADDRESSES}): delete one to add another`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add address' })).toHaveAttribute('data-disabled', 'true');
  });

  it('a failed load offers to try again', async () => {
    list = envelope(500, null, 'Server error', 500);
    renderPage('/user/address', AddressesPage, '/user/address');
    expect(await screen.findByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });
});

describe('the address form', () => {
  const fill = async (user: ReturnType<typeof userEvent.setup>) => {
    await user.type(screen.getByRole('textbox', { name: 'Recipient' }), 'Ann');
    await user.type(screen.getByRole('textbox', { name: 'Mobile phone' }), '13900139000');
    await user.click(screen.getByRole('textbox', { name: 'Province' }));
    await user.click(await screen.findByRole('option', { name: 'Beijing' }));
    await user.click(await screen.findByRole('textbox', { name: 'City' }));
    await user.click(await screen.findByRole('option', { name: 'Beijing City' }));
    await user.click(await screen.findByRole('textbox', { name: 'District' }));
    await user.click(await screen.findByRole('option', { name: 'Dongcheng' }));
    await user.type(screen.getByRole('textbox', { name: 'Street address' }), 'Road 8');
  };

  it('adds an address chosen with the area cascader, then goes back to the list', async () => {
    const user = userEvent.setup();
    const { router } = renderPage('/user/address/form/:id?', AddressFormPage, '/user/address/form');
    await screen.findByRole('heading', { name: 'New delivery address' });
    await fill(user);
    await user.click(screen.getByRole('checkbox', { name: 'Use as my default address' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('The address was saved');
    const [post] = writes();
    expect(post.method).toBe('POST');
    expect([...post.body.entries()]).toEqual([
      ['receive_name', 'Ann'], ['receive_tel', '13900139000'], ['area[]', '11'], ['area[]', '12'], ['area[]', '14'], ['address', 'Road 8'], ['is_default', '1'],
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/address'));
  });

  it('checks the fields before sending', async () => {
    const user = userEvent.setup();
    renderPage('/user/address/form/:id?', AddressFormPage, '/user/address/form');
    await user.type(await screen.findByRole('textbox', { name: 'Mobile phone' }), '123');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please choose the province, city and district')).toBeInTheDocument();
    expect(screen.getByText('Wrong phone number format.')).toBeInTheDocument();
    expect(screen.getAllByText('Required fields cannot be empty.')).toHaveLength(2);
    expect(writes()).toEqual([]);
  });

  it('edits an address; the server’s field errors land on their fields', async () => {
    writeAnswer = () => envelope(400, { area: 'The selected item does not exist.' }, 'Invalid input', 400);
    const user = userEvent.setup();
    renderPage('/user/address/form/:id?', AddressFormPage, '/user/address/form/3');
    const name = await screen.findByRole('textbox', { name: 'Recipient' });
    expect(name).toHaveValue('Person 3');
    expect(screen.getByRole('textbox', { name: 'District' })).toHaveValue('Chaoyang');
    await user.clear(name);
    await user.type(name, 'Bo');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The selected item does not exist.')).toBeInTheDocument();
    const [put] = writes();
    expect([put.method, put.url.pathname, put.body.get('receive_name')]).toEqual(['PUT', '/api/user/addresses/3', 'Bo']);
    expect(put.body.has('is_default')).toBe(false);
  });

  it('keeps the default address the default', async () => {
    renderPage('/user/address/form/:id?', AddressFormPage, '/user/address/form/2');
    const box = await screen.findByRole('checkbox', { name: 'Use as my default address' });
    expect(box).toBeChecked();
    expect(box).toBeDisabled();
  });

  it('goes back to the page that sent the shopper here, never to another site', async () => {
    const user = userEvent.setup();
    const back = renderPage('/user/address/form/:id?', AddressFormPage, `/user/address/form?redirect=${encodeURIComponent('/order/before/abc')}`);
    await screen.findByRole('heading', { name: 'New delivery address' });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(back.router.state.location.pathname).toBe('/order/before/abc'));
    back.unmount();

    const away = renderPage('/user/address/form/:id?', AddressFormPage, `/user/address/form?redirect=${encodeURIComponent('//evil.example/x')}`);
    await screen.findByRole('heading', { name: 'New delivery address' });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(away.router.state.location.pathname).toBe('/user/address'));
  });

  it('says so when the address is not the shopper’s', async () => {
    renderPage('/user/address/form/:id?', AddressFormPage, '/user/address/form/99');
    expect(await screen.findByText('This address does not exist')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});
