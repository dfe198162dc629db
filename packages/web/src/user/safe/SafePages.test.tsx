import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { renderPage, stubApi, type SeenRequest } from '../../storefront/catalog/testing';
import { envelope } from '../../test/http';
import PasswordPage from './PasswordPage';
import PayPasswordPage from './PayPasswordPage';
import PhonePage from './PhonePage';
import SafePage from './SafePage';

let account: Record<string, unknown>;
let requests: SeenRequest[];
/** Answers of POST /api/auth/edit and /api/auth/edit_secure, in turn (default: success). */
let editAnswers: Response[];

const posted = (path: string) => requests.filter((r) => r.method === 'POST' && r.url.pathname === path).map((r) => Object.fromEntries(r.body));

beforeEach(async () => {
  await i18n.changeLanguage('en');
  localStorage.setItem('token', 'shopper');
  account = { id: 5, username: 'shopper', phone: '13800000002', has_pay_password: false };
  editAnswers = [];
  requests = stubApi((request) => {
    const path = request.url.pathname;
    if (path === '/api/auth/info') return account;
    if (path === '/api/auth/edit' || path === '/api/auth/edit_secure') return editAnswers.shift() ?? null;
    return null;
  });
});

describe('/user/safe', () => {
  it('shows the pay password as not set and the bound phone masked, each with the page that changes it', async () => {
    renderPage('/user/safe', SafePage, '/user/safe');
    const pay = await screen.findByRole('region', { name: 'Payment password' });
    expect(within(pay).getByText('Not set')).toBeInTheDocument();
    expect(within(pay).getByRole('link', { name: 'Set' })).toHaveAttribute('href', '/user/safe/pay_password');
    const phone = screen.getByRole('region', { name: 'Phone number' });
    expect(within(phone).getByText('138****0002')).toBeInTheDocument();
    expect(screen.queryByText('13800000002')).toBeNull();
    expect(within(phone).getByRole('link', { name: 'Change' })).toHaveAttribute('href', '/user/safe/phone');
    const login = screen.getByRole('region', { name: 'Login password' });
    expect(within(login).getByRole('link', { name: 'Change' })).toHaveAttribute('href', '/user/safe/password');
  });

  it('offers to bind a phone when there is none, and shows a set pay password', async () => {
    account = { ...account, phone: null, has_pay_password: true };
    renderPage('/user/safe', SafePage, '/user/safe');
    const phone = await screen.findByRole('region', { name: 'Phone number' });
    expect(within(phone).getByText('Not bound')).toBeInTheDocument();
    expect(within(phone).getByRole('link', { name: 'Bind' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Payment password' })).getByText('Set')).toBeInTheDocument();
  });

  it('says when the account could not be loaded and loads it again on request', async () => {
    let failures = 1;
    stubApi((request) => (request.url.pathname === '/api/auth/info' && failures-- > 0 ? envelope(500, null, 'down', 500) : account));
    const user = userEvent.setup();
    renderPage('/user/safe', SafePage, '/user/safe');
    await user.click(await screen.findByRole('button', { name: 'Reload' }));
    expect(await screen.findByRole('region', { name: 'Payment password' })).toBeInTheDocument();
  });
});

describe('/user/safe/password', () => {
  it('needs the current password, sends it with the new one and goes back to the overview', async () => {
    const user = userEvent.setup();
    renderPage('/user/safe/password', PasswordPage, '/user/safe/password');
    await user.type(await screen.findByLabelText('New password'), 'Changed@123');
    await user.type(screen.getByLabelText('Confirm password'), 'Changed@123');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Current login password cannot be empty')).toBeInTheDocument();
    expect(posted('/api/auth/edit')).toEqual([]);

    await user.type(screen.getByLabelText('Current login password'), 'Shopper@123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('/user/safe');
    expect(posted('/api/auth/edit')).toEqual([{ provider: 'users', password: 'Changed@123', old_password: 'Shopper@123456' }]);
    expect(await screen.findByText('Login password changed; you were signed out on your other devices')).toBeInTheDocument();
  });

  it('stays on the page with the server’s message when the current password is wrong', async () => {
    editAnswers = [envelope(402, null, 'The login password is wrong.')];
    const user = userEvent.setup();
    renderPage('/user/safe/password', PasswordPage, '/user/safe/password');
    await user.type(await screen.findByLabelText('Current login password'), 'wrong-one');
    await user.type(screen.getByLabelText('New password'), 'Changed@123');
    await user.type(screen.getByLabelText('Confirm password'), 'Changed@123');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('The login password is wrong.')).toBeInTheDocument();
    expect(screen.queryByTestId('elsewhere')).toBeNull();
  });

  it('can prove the change with a code sent to the bound phone instead', async () => {
    const user = userEvent.setup();
    renderPage('/user/safe/password', PasswordPage, '/user/safe/password');
    await user.click(await screen.findByText('SMS code'));
    expect(screen.getByText('The code is sent to 138****0002')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(posted('/api/sms')).toEqual([{ phone: '13800000002', name: 'edit_user' }]));
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.type(screen.getByLabelText('New password'), 'Changed@123');
    await user.type(screen.getByLabelText('Confirm password'), 'Changed@123');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByTestId('elsewhere');
    expect(posted('/api/auth/edit')).toEqual([{ provider: 'users', password: 'Changed@123', code: '123456' }]);
  });
});

describe('/user/safe/pay_password', () => {
  it('without a phone, sets the pay password with the login password', async () => {
    account = { ...account, phone: null };
    const user = userEvent.setup();
    renderPage('/user/safe/pay_password', PayPasswordPage, '/user/safe/pay_password');
    await user.type(await screen.findByLabelText('Current login password'), 'Shopper@123456');
    expect(screen.queryByText('SMS code')).toBeNull();
    await user.type(screen.getByLabelText('New payment password'), '12345a');
    await user.type(screen.getByLabelText('Confirm payment password'), '12345a');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('The payment password is 6 digits')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('New payment password'));
    await user.type(screen.getByLabelText('New payment password'), '246810');
    await user.clear(screen.getByLabelText('Confirm payment password'));
    await user.type(screen.getByLabelText('Confirm payment password'), '246810');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('/user/safe');
    expect(posted('/api/auth/edit_secure')).toEqual([{ provider: 'users', pay_password: '246810', password: 'Shopper@123456' }]);
  });

  it('with a phone, can send a code to it and set the pay password with that code', async () => {
    const user = userEvent.setup();
    renderPage('/user/safe/pay_password', PayPasswordPage, '/user/safe/pay_password');
    await user.click(await screen.findByText('SMS code'));
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(posted('/api/sms')).toEqual([{ phone: '13800000002', name: 'edit_user' }]));
    await user.type(screen.getByLabelText('Verification code'), '654321');
    await user.type(screen.getByLabelText('New payment password'), '246810');
    await user.type(screen.getByLabelText('Confirm payment password'), '246810');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByTestId('elsewhere');
    expect(posted('/api/auth/edit_secure')).toEqual([{ provider: 'users', pay_password: '246810', code: '654321' }]);
  });
});

describe('/user/safe/phone', () => {
  it('sends a code to the current phone and one to the new phone, and submits both', async () => {
    const user = userEvent.setup();
    renderPage('/user/safe/phone', PhonePage, '/user/safe/phone');
    expect(await screen.findByText('Current phone number: 138****0002')).toBeInTheDocument();
    const [toOld, toNew] = screen.getAllByRole('button', { name: 'Send code' });
    await user.click(toOld);
    await user.type(screen.getByLabelText('New phone number'), '13900000003');
    await user.click(toNew);
    await waitFor(() =>
      expect(posted('/api/sms')).toEqual([
        { phone: '13800000002', name: 'edit_user' },
        { phone: '13900000003', name: 'bind_phone' },
      ]),
    );
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Code sent to the current phone cannot be empty')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Code sent to the current phone'), '111111');
    await user.type(screen.getByLabelText('Verification code'), '222222');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('/user/safe');
    expect(posted('/api/auth/edit_secure')).toEqual([{ provider: 'users', phone: '13900000003', code: '222222', old_code: '111111' }]);
  });

  it('binds a first phone with its code only, and shows the server’s field errors', async () => {
    account = { ...account, phone: null };
    editAnswers = [envelope(400, { code: 'Invalid format' }, 'Invalid data', 400)];
    const user = userEvent.setup();
    renderPage('/user/safe/phone', PhonePage, '/user/safe/phone');
    await user.type(await screen.findByLabelText('New phone number'), '13900000003');
    expect(screen.queryByLabelText('Code sent to the current phone')).toBeNull();
    await user.type(screen.getByLabelText('Verification code'), '222222');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Invalid format')).toBeInTheDocument();
    expect(posted('/api/auth/edit_secure')).toEqual([{ provider: 'users', phone: '13900000003', code: '222222' }]);
  });
});
