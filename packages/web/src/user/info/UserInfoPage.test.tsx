import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { renderPage, stubApi, type SeenRequest } from '../../storefront/catalog/testing';
import { envelope } from '../../test/http';
import UserInfoPage from './UserInfoPage';

let account: Record<string, unknown>;
let requests: SeenRequest[];
let editAnswer: Response | null;

const edits = () => requests.filter((r) => r.method === 'POST' && r.url.pathname === '/api/auth/edit').map((r) => Object.fromEntries(r.body));

beforeEach(async () => {
  await i18n.changeLanguage('en');
  localStorage.setItem('token', 'shopper');
  account = { id: 5, username: 'shopper', nickname: 'Old name', avatar: '', sex: 1, birthday: null };
  editAnswer = null;
  requests = stubApi((request) => {
    const path = request.url.pathname;
    if (path === '/api/auth/info') return account;
    if (path === '/api/uploads') return '/uploads/avatar/new.png';
    if (path === '/api/auth/edit') {
      if (editAnswer) return editAnswer;
      const body = Object.fromEntries(request.body);
      account = { ...account, nickname: body.nickname, avatar: body.avatar, sex: Number(body.sex), birthday: body.birthday || null };
      return null;
    }
    return null;
  });
});

describe('/user/info', () => {
  it('saves nickname, avatar, sex and birthday and shows what the server now holds', async () => {
    const user = userEvent.setup();
    const { container } = renderPage('/user/info', UserInfoPage, '/user/info');
    const nickname = await screen.findByRole('textbox', { name: 'Nickname' });
    expect(nickname).toHaveValue('Old name');
    expect(screen.getByRole('radio', { name: 'Male' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Save profile' })).toBeDisabled();

    await user.clear(nickname);
    await user.type(nickname, 'New name');
    await user.click(screen.getByRole('radio', { name: 'Female' }));
    fireEvent.change(container.querySelector('input[type=date]')!, { target: { value: '1990-02-28' } });
    await user.upload(container.querySelector<HTMLInputElement>('input[type=file]')!, new File(['png'], 'me.png', { type: 'image/png' }));
    expect(await screen.findByRole('img', { name: 'Current avatar' })).toHaveAttribute('src', '/uploads/avatar/new.png');
    expect(requests.find((r) => r.url.pathname === '/api/uploads')?.form?.get('name')).toBe('avatar');

    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Profile saved.')).toBeInTheDocument();
    expect(edits()).toEqual([{ provider: 'users', nickname: 'New name', avatar: '/uploads/avatar/new.png', sex: '2', birthday: '1990-02-28' }]);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save profile' })).toBeDisabled());
    expect(screen.getByRole('textbox', { name: 'Nickname' })).toHaveValue('New name');
  });

  it('refuses an empty nickname and a birthday in the future without sending anything', async () => {
    const user = userEvent.setup();
    const { container } = renderPage('/user/info', UserInfoPage, '/user/info');
    await user.clear(await screen.findByRole('textbox', { name: 'Nickname' }));
    fireEvent.change(container.querySelector('input[type=date]')!, { target: { value: '2999-01-01' } });
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Choose a valid date between 1900 and today.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Nickname' })).toHaveAccessibleDescription(/Nickname/);
    expect(edits()).toEqual([]);
  });

  it('shows the server refusal next to its field', async () => {
    editAnswer = envelope(400, { nickname: 'That nickname is not allowed' }, 'Invalid input', 400);
    const user = userEvent.setup();
    renderPage('/user/info', UserInfoPage, '/user/info');
    await user.type(await screen.findByRole('textbox', { name: 'Nickname' }), '!');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('That nickname is not allowed')).toBeInTheDocument();
    expect(screen.queryByText('Profile saved.')).toBeNull();
  });
});
