import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { envelope } from '../../test/http';
import { renderPage, stubApi, type SeenRequest } from '../catalog/testing';
import JoinPage from './JoinPage';
import Step1Page from './Step1Page';
import Step2Page from './Step2Page';
import Step3Page from './Step3Page';

const tree = [
  { id: 1, name: 'Food', children: [{ id: 10, name: 'Drinks', children: [{ id: 100, name: 'Tea', children: [] }, { id: 101, name: 'Coffee', children: [] }] }] },
];
const areas: Record<string, { id: number; name: string; has_children: boolean }[]> = {
  '0': [{ id: 11, name: 'Beijing', has_children: true }],
  '11': [{ id: 12, name: 'Beijing City', has_children: true }],
  '12': [{ id: 13, name: 'Chaoyang', has_children: false }],
};
const filled = {
  id: 5, store_verify: 3, store_refuse_info: 'Licence photo is blurry', store_name: 'Tea House', store_mobile: '13800000011',
  store_company_name: '', store_lat: '39.921900', store_lng: '116.443600', store_address: 'Jianguo Road 1',
  business_license: '/api/private_files/1?expires=1900000000&signature=l', business_license_no: '91110000MA00000000', legal_person: 'Zhang San',
  store_phone: '13800000012', id_card_no: '11010519491231002X', id_card_t: '/api/private_files/2?expires=1900000000&signature=t', id_card_b: '/api/private_files/3?expires=1900000000&signature=b',
  emergency_contact: '', emergency_contact_phone: '', area: [11, 12, 13], class_id: [[1, 10, 100]],
};

let application: unknown;
let requests: SeenRequest[];
let putAnswer: () => unknown;

beforeEach(async () => {
  await i18n.changeLanguage('en');
  application = null;
  putAnswer = () => ({ id: 5, store_verify: 2 });
  requests = stubApi((request) => {
    const path = request.url.pathname;
    if (path === '/api/store' && request.method === 'GET') return application;
    if (path === '/api/store' && request.method === 'PUT') return putAnswer();
    if (path === '/api/store/join') return { id: 5, store_verify: 1 };
    if (path === '/api/agreements/agreement') return { name: 'Store agreement', content: '<p>Be honest.</p>' };
    if (path === '/api/common') return { classes: tree, brands: [], common: {} };
    if (path === '/api/load_areas') return areas[request.url.searchParams.get('pid') ?? '0'];
    return null;
  });
});

const elsewhere = async () => (await screen.findByTestId('elsewhere')).textContent;

describe('store application wizard', () => {
  it('the entry sends an applicant on to the step of the application state', async () => {
    application = { id: 5, store_verify: 2 };
    renderPage('/store/join', JoinPage, '/store/join');
    expect(await elsewhere()).toBe('/store/step_3');
  });

  it('the entry shows a sub-account the server refusal', async () => {
    stubApi(() => envelope(402, null, 'Sub-accounts are not allowed to buy.'));
    renderPage('/store/join', JoinPage, '/store/join');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Sub-accounts are not allowed to buy.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Apply now' })).toBeNull();
  });

  it('step 1: the agreement must be accepted; accepting opens the application', async () => {
    const user = userEvent.setup();
    renderPage('/store/step_1', Step1Page, '/store/step_1');
    expect(await screen.findByText('Be honest.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Please read and accept the store agreement first')).toBeInTheDocument();
    expect(requests.some((r) => r.url.pathname === '/api/store/join')).toBe(false);

    await user.click(screen.getByRole('checkbox', { name: 'I have read and accept the store agreement' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await elsewhere()).toBe('/store/step_2');
    expect(requests.filter((r) => r.url.pathname === '/api/store/join').map((r) => r.method)).toEqual(['POST']);
  });

  it('step 2 without an application goes back to the agreement', async () => {
    renderPage('/store/step_2', Step2Page, '/store/step_2');
    expect(await elsewhere()).toBe('/store/step_1');
  });

  it('step 2: checks the data with the shared schema before sending anything', async () => {
    application = { id: 5, store_verify: 1, area: [], class_id: [] };
    const user = userEvent.setup();
    renderPage('/store/step_2', Step2Page, '/store/step_2');
    await user.click(await screen.findByRole('button', { name: 'Submit for review' }));
    expect(await screen.findByText('Choose the province, city and district')).toBeInTheDocument();
    expect(screen.getByText('Choose at least one category')).toBeInTheDocument();
    expect(screen.getAllByText('Required fields cannot be empty.').length).toBeGreaterThan(5);

    await user.type(screen.getByRole('textbox', { name: 'Store phone' }), '12345');
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    expect(await screen.findByText('Wrong phone number format.')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);
  });

  it('step 2: a denied application shows the reason, resubmits its data and moves on to the result', async () => {
    application = filled;
    const user = userEvent.setup();
    renderPage('/store/step_2', Step2Page, '/store/step_2');
    expect(await screen.findByText('Reason: Licence photo is blurry')).toBeInTheDocument();
    await waitFor(() => expect(requests.filter((r) => r.url.pathname === '/api/load_areas')).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    expect(await elsewhere()).toBe('/store/step_3');
    const put = requests.find((r) => r.method === 'PUT')!;
    expect(put.url.pathname).toBe('/api/store');
    const body = put.body;
    expect(body.getAll('area[]')).toEqual(['11', '12', '13']);
    expect(JSON.parse(body.get('class_id')!)).toEqual([[1, 10, 100]]);
    expect(body.get('store_name')).toBe('Tea House');
    expect(body.get('id_card_no')).toBe('11010519491231002X');
    // empty optional fields are left out
    expect(body.has('store_company_name')).toBe(false);
    expect(body.has('emergency_contact_phone')).toBe(false);
  });

  it('step 2: uploads the images to the private identity folders and chooses the area level by level', async () => {
    application = { id: 5, store_verify: 1, area: [], class_id: [] };
    const uploads: string[] = [];
    requests = stubApi((request) => {
      const path = request.url.pathname;
      if (path === '/api/store') return application;
      if (path === '/api/load_areas') return areas[request.url.searchParams.get('pid') ?? '0'];
      if (path === '/api/uploads') return `/api/private_files/${uploads.push(path)}?expires=1900000000&signature=s`;
      return null;
    });
    const user = userEvent.setup();
    const { container } = renderPage('/store/step_2', Step2Page, '/store/step_2');
    await screen.findByRole('button', { name: 'Submit for review' });

    const files = container.querySelectorAll<HTMLInputElement>('input[type=file]');
    expect(files).toHaveLength(3);
    await user.upload(files[0], new File(['png'], 'licence.png', { type: 'image/png' }));
    expect(await screen.findByRole('img', { name: 'Business licence photo' })).toHaveAttribute('src', '/api/private_files/1?expires=1900000000&signature=s');
    expect(screen.getByRole('button', { name: 'Replace image' })).toBeInTheDocument();
    await user.upload(files[1], new File(['png'], 'front.png', { type: 'image/png' }));
    await user.upload(files[2], new File(['png'], 'back.png', { type: 'image/png' }));
    expect(await screen.findByRole('img', { name: 'ID card (back)' })).toHaveAttribute('src', '/api/private_files/3?expires=1900000000&signature=s');
    const sent = requests.filter((r) => r.url.pathname === '/api/uploads');
    expect(sent.map((r) => [r.method, r.form?.get('name')])).toEqual([['POST', 'business_license'], ['POST', 'id_card'], ['POST', 'id_card']]);

    await user.click(screen.getByRole('textbox', { name: 'Province' }));
    await user.click(await screen.findByRole('option', { name: 'Beijing' }));
    await user.click(await screen.findByRole('textbox', { name: 'City' }));
    await user.click(await screen.findByRole('option', { name: 'Beijing City' }));
    await user.click(await screen.findByRole('textbox', { name: 'District' }));
    await user.click(await screen.findByRole('option', { name: 'Chaoyang' }));
    expect(requests.filter((r) => r.url.pathname === '/api/load_areas').map((r) => r.url.searchParams.get('pid'))).toEqual(['0', '11', '12']);
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    expect(screen.queryByText('Choose the province, city and district')).toBeNull();
  });

  it('step 2: server field errors land on their fields', async () => {
    application = filled;
    putAnswer = () => envelope(400, { 'class_id.0': 'Choose a level-3 category.', store_name: 'Already taken.' }, 'Invalid input', 400);
    const user = userEvent.setup();
    renderPage('/store/step_2', Step2Page, '/store/step_2');
    await user.click(await screen.findByRole('button', { name: 'Submit for review' }));
    expect(await screen.findByText('Choose a level-3 category.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Store name' })).toHaveAccessibleDescription('Already taken.');
  });

  it('step 3 shows the review result with the way on', async () => {
    application = filled;
    const { unmount } = renderPage('/store/step_3', Step3Page, '/store/step_3');
    expect(await screen.findByText('Application denied')).toBeInTheDocument();
    expect(screen.getByText('Reason: Licence photo is blurry')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit and submit again' })).toHaveAttribute('href', '/store/step_2');
    unmount();

    application = { ...filled, store_verify: 4 };
    const passed = renderPage('/store/step_3', Step3Page, '/store/step_3');
    expect(await screen.findByText('Approved')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the seller centre' })).toHaveAttribute('href', '/Seller/login');
    passed.unmount();

    application = { ...filled, store_verify: 2 };
    renderPage('/store/step_3', Step3Page, '/store/step_3');
    expect(await screen.findByText('Under review')).toBeInTheDocument();
  });
});
