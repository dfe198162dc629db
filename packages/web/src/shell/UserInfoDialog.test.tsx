import { TestMantine } from '../test/TestMantine';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../i18n';
import { envelope } from '../test/http';
import { UserInfoDialog } from './UserInfoDialog';

vi.mock('../utils/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));

const edits: Record<string, string>[] = [];

beforeEach(async () => {
  await i18n.changeLanguage('en');
  edits.length = 0;
  localStorage.setItem('admin_token', 'a');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (String(url).endsWith('/auth/edit')) edits.push(Object.fromEntries(new URLSearchParams(String(init.body))));
      return envelope(200, String(url).endsWith('/auth/info') ? { id: 1, username: 'admin', nickname: 'Boss', avatar: '' } : null);
    }),
  );
});

function open() {
  const onClose = vi.fn();
  render(
    <TestMantine>
      <UserInfoDialog area="admin" opened onClose={onClose} />
    </TestMantine>,
  );
  return onClose;
}

describe('back-office user dialog', () => {
  it('asks for the current password once a new one is typed, and sends it', async () => {
    const user = userEvent.setup();
    const onClose = open();
    await waitFor(() => expect(screen.getByLabelText(/Nickname/)).toHaveValue('Boss'));
    expect(screen.queryByLabelText(/Current password/)).toBeNull();

    await user.type(screen.getByLabelText('Password'), 'Changed@123');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Current password cannot be empty')).toBeInTheDocument();
    expect(edits).toEqual([]);

    await user.type(screen.getByLabelText(/Current password/), 'Admin@123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(edits).toEqual([{ provider: 'admins', nickname: 'Boss', password: 'Changed@123', old_password: 'Admin@123456' }]);
  });

  it('changes the nickname alone without any password', async () => {
    const user = userEvent.setup();
    const onClose = open();
    const nickname = screen.getByLabelText(/Nickname/);
    await waitFor(() => expect(nickname).toHaveValue('Boss'));
    await user.clear(nickname);
    await user.type(nickname, 'Chief');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(edits).toEqual([{ provider: 'admins', nickname: 'Chief', password: '' }]);
  });
});
