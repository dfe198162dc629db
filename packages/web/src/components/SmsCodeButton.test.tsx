import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SmsUsage } from '@qshop/shared/schemas/auth';
import { beforeEach, describe, expect, it } from 'vitest';
import i18n from '../i18n';
import { renderPage, stubApi, type SeenRequest } from '../storefront/catalog/testing';
import { SmsCodeButton } from './SmsCodeButton';

let requests: SeenRequest[];

beforeEach(async () => {
  await i18n.changeLanguage('en');
  requests = stubApi(() => null);
});

const send = async (usage: SmsUsage) => {
  renderPage('/', () => <SmsCodeButton phone=" 13800138000 " usage={usage} />, '/');
  await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
};

describe('SmsCodeButton', () => {
  it.each(['login', 'forget_password'] as const)('%s: does not claim the phone is registered', async (usage) => {
    await send(usage);
    expect(await screen.findByText('If this phone number is registered, a code has been sent to it')).toBeInTheDocument();
    expect(requests.map((r) => `${r.method} ${r.url.pathname} ${r.body.get('phone')} ${r.body.get('name')}`)).toEqual([`POST /api/sms 13800138000 ${usage}`]);
  });

  it('register: says the code was sent', async () => {
    await send('register');
    expect(await screen.findByText('SMS was sent successfully')).toBeInTheDocument();
  });
});
