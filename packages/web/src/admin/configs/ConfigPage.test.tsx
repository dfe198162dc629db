import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { translate } from '@qshop/shared';
import i18n, { currentLanguage } from '../../i18n';
import { renderInApp, stubApi, type SeenRequest } from '../../resource/testing';
import { answer } from '../../test/http';
import ConfigPage from './ConfigPage';

const ok = (data: unknown) => ({ code: 200, msg: '', data });

const WEB = {
  web_name: 'QShop',
  index_name: 'Welcome',
  keyword: 'shop',
  description: 'A shop',
  logo: '',
  tel: '400-000',
  mobile: '010-1234',
  email: 'a@b.cn',
  icp: 'ICP 1',
  close_status: 0,
  close_reason: '',
  time_zone: 'Asia/Shanghai',
};

const PAY = {
  wechat: {
    enabled: true,
    app_id: 'wxapp',
    mch_id: '1600',
    api_v3_key: '******mkey',
    mch_serial_no: 'SERIAL',
    mch_private_key: '******',
    platform_public_key: '',
    platform_public_key_id: 'PUB_KEY_ID_1',
    api_base: 'https://api.mch.weixin.qq.com',
  },
  alipay: {
    enabled: false,
    app_id: '2021',
    app_private_key: '',
    alipay_public_key: '',
    gateway: 'https://openapi.alipay.com/gateway.do',
  },
};

const label = (key: string) => i18n.t(key);
const saveButton = () => screen.getByRole('button', { name: i18n.t('configs.save') });
const puts = (requests: SeenRequest[]) => requests.filter((request) => request.method === 'PUT');
const body = (request: SeenRequest) => Object.fromEntries(new URLSearchParams(request.body));

/** Renders the page of `group`: GET answers `data`, PUT answers `onPut` (the posted values echoed by default). */
async function renderGroup(group: string, data: unknown, onPut: (request: SeenRequest) => unknown = () => ok(data)) {
  const requests = stubApi((request) => (request.method === 'GET' ? ok(data) : onPut(request)));
  renderInApp(<ConfigPage />, `/Admin/configs/${group}`);
  await screen.findByRole('button', { name: i18n.t('configs.save') });
  return requests;
}

describe('the config page', () => {
  it('reads its group and shows the fields with their translated labels', async () => {
    const requests = await renderGroup('web', WEB);
    expect(requests.map((r) => [r.method, r.url.pathname])).toEqual([['GET', '/api/Admin/configs/web']]);
    expect(screen.getByLabelText(label('fields.web_web_name'))).toHaveValue('QShop');
    expect(screen.getByLabelText(label('fields.web_email'))).toHaveValue('a@b.cn');
    expect(screen.getByLabelText(label('fields.web_close_status'))).not.toBeChecked();
    expect(screen.getByLabelText(label('fields.web_description'))).toHaveAttribute('maxlength', '500');
    expect(screen.getByText(label('fields.web_icp'))).toBeInTheDocument();
  });

  it('shows a loader while reading', async () => {
    stubApi(() => ok(WEB));
    renderInApp(<ConfigPage />, '/Admin/configs/web');
    expect(screen.getByLabelText(i18n.t('configs.loading'))).toBeInTheDocument();
    expect(await screen.findByLabelText(label('fields.web_web_name'))).toHaveValue('QShop');
  });

  it('shows sections as titled fieldsets and secrets as empty password inputs with the masked value', async () => {
    await renderGroup('pay', PAY);
    const wechat = screen.getByRole('group', { name: label('fields.pay_wechat') });
    const alipay = screen.getByRole('group', { name: label('fields.pay_alipay') });
    expect(within(wechat).getByLabelText(label('fields.pay_wechat_app_id'))).toHaveValue('wxapp');
    expect(within(alipay).getByLabelText(label('fields.pay_alipay_app_id'))).toHaveValue('2021');
    const key = within(wechat).getByLabelText(label('fields.pay_wechat_api_v3_key'));
    expect(key).toHaveAttribute('type', 'password');
    expect(key).toHaveValue('');
    expect(key).toHaveAttribute('placeholder', '******mkey');
  });

  it('shows radio choices with translated labels', async () => {
    await renderGroup('upload', { driver: 'oss', key: '', secret: '', bucket: '', endpoint: '', cdn: '', ssl: true, cname: false });
    expect(screen.getByRole('radio', { name: label('fields.upload_oss') })).toBeChecked();
    expect(screen.getByRole('radio', { name: label('fields.upload_local') })).not.toBeChecked();
    expect(screen.getByLabelText(label('fields.upload_ssl'))).toBeChecked();
  });

  it('refuses invalid input without a PUT and shows the translated error on the field', async () => {
    const requests = await renderGroup('web', WEB);
    const email = screen.getByLabelText(label('fields.web_email'));
    await userEvent.clear(email);
    await userEvent.type(email, 'not an email');
    await userEvent.click(saveButton());
    expect(await screen.findByText(translate(currentLanguage(), 'valid.format'))).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(puts(requests)).toEqual([]);
  });

  it('shows the site time zone and refuses a name that is no IANA zone, in the page language', async () => {
    const requests = await renderGroup('web', WEB);
    const zone = screen.getByLabelText(label('fields.web_time_zone'));
    expect(zone).toHaveValue('Asia/Shanghai');
    await userEvent.clear(zone);
    await userEvent.type(zone, 'Mars/Olympus');
    await userEvent.click(saveButton());
    expect(await screen.findByText(translate(currentLanguage(), 'valid.timeZone'))).toBeInTheDocument();
    expect(zone).toHaveAttribute('aria-invalid', 'true');
    expect(puts(requests)).toEqual([]);
  });

  it('puts the error of a field inside a section on that field', async () => {
    const requests = await renderGroup('pay', PAY);
    const alipay = screen.getByRole('group', { name: label('fields.pay_alipay') });
    const appId = within(alipay).getByLabelText(label('fields.pay_alipay_app_id'));
    fireEvent.change(appId, { target: { value: 'x'.repeat(65) } });
    await userEvent.click(saveButton());
    expect(await within(alipay).findByText(translate(currentLanguage(), 'valid.tooLong', { max: '64' }))).toBeInTheDocument();
    expect(appId).toHaveAttribute('aria-invalid', 'true');
    expect(puts(requests)).toEqual([]);
  });

  it('sends only the changed values and shows msg.success', async () => {
    const requests = await renderGroup('web', WEB, () => ok({ ...WEB, web_name: 'New name', close_status: 1 }));
    const name = screen.getByLabelText(label('fields.web_web_name'));
    await userEvent.clear(name);
    await userEvent.type(name, 'New name');
    await userEvent.click(screen.getByLabelText(label('fields.web_close_status')));
    await userEvent.click(saveButton());
    expect(await screen.findByText(i18n.t('msg.success'))).toBeInTheDocument();
    const [put] = puts(requests);
    expect(put.url.pathname).toBe('/api/Admin/configs/web');
    expect(body(put)).toEqual({ web_name: 'New name', close_status: '1' });

    // What was saved is the new baseline: saving again sends nothing.
    await userEvent.click(saveButton());
    expect(await screen.findByText(i18n.t('configs.unchanged'))).toBeInTheDocument();
    expect(puts(requests)).toHaveLength(1);
  });

  it('sends sections as objects holding their changed fields; an untouched secret is not sent', async () => {
    const requests = await renderGroup('pay', PAY);
    const wechat = screen.getByRole('group', { name: label('fields.pay_wechat') });
    const alipay = screen.getByRole('group', { name: label('fields.pay_alipay') });
    await userEvent.type(within(wechat).getByLabelText(label('fields.pay_wechat_api_v3_key')), 'new-merchant-key-0123456789abcde');
    await userEvent.type(within(alipay).getByLabelText(label('fields.pay_alipay_app_id')), '9');
    await userEvent.click(saveButton());
    await waitFor(() => expect(puts(requests)).toHaveLength(1));
    const sent = body(puts(requests)[0]);
    expect(Object.keys(sent).sort()).toEqual(['alipay', 'wechat']);
    expect(JSON.parse(sent.wechat)).toEqual({ api_v3_key: 'new-merchant-key-0123456789abcde' });
    expect(JSON.parse(sent.alipay)).toEqual({ app_id: '20219' });
  });

  it('shows the server field errors on the fields, in sections too', async () => {
    const refusal = { code: 400, msg: 'Data is abnormal.', data: { web_name: 'Name refused.' } };
    await renderGroup('web', WEB, () => refusal);
    await userEvent.type(screen.getByLabelText(label('fields.web_web_name')), '!');
    await userEvent.click(saveButton());
    expect(await screen.findByText('Name refused.')).toBeInTheDocument();
    expect(screen.getByLabelText(label('fields.web_web_name'))).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(i18n.t('msg.success'))).not.toBeInTheDocument();
  });

  it('shows a server error of a section field inside its fieldset', async () => {
    await renderGroup('oauth', { weixin: { client_id: '', key: '', return_url: '' }, weixinweb: { client_id: '', key: '', return_url: '' } }, () => ({
      code: 400,
      msg: 'Data is abnormal.',
      data: { 'weixinweb.client_id': 'Client refused.' },
    }));
    const web = screen.getByRole('group', { name: label('fields.oauth_weixinweb') });
    await userEvent.type(within(web).getByLabelText(label('fields.oauth_weixinweb_client_id')), 'abc');
    await userEvent.click(saveButton());
    expect(await within(web).findByText('Client refused.')).toBeInTheDocument();
  });

  it('shows the saving state on the button while the PUT runs', async () => {
    const MAP = { key: '', jsapi: '', security: '' };
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit = {}) => {
        if (init.method !== 'PUT') return answer(ok(MAP));
        await gate;
        return answer(ok({ ...MAP, key: 'k1' }));
      }),
    );
    renderInApp(<ConfigPage />, '/Admin/configs/map');
    await userEvent.type(await screen.findByLabelText(label('fields.map_key')), 'k1');
    await userEvent.click(saveButton());
    await waitFor(() => expect(saveButton()).toHaveAttribute('data-loading', 'true'));
    release();
    await waitFor(() => expect(saveButton()).not.toHaveAttribute('data-loading'));
    expect(await screen.findByText(i18n.t('msg.success'))).toBeInTheDocument();
  });

  it('shows an error with a retry when the read fails', async () => {
    let reads = 0;
    stubApi(() => (++reads === 1 ? { code: 500, msg: 'Storage is down.', data: null } : ok({ appid: 'kd', appkey: '', access_key: '' })));
    renderInApp(<ConfigPage />, '/Admin/configs/logistics');
    expect(await screen.findByText(i18n.t('configs.loadFailed'))).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: i18n.t('configs.retry') }));
    expect(await screen.findByLabelText(label('fields.logistics_appid'))).toHaveValue('kd');
    expect(reads).toBe(2);
  });

  it('says so when the path names no config group', () => {
    stubApi();
    renderInApp(<ConfigPage />, '/Admin/configs/nothing');
    expect(screen.getByText(i18n.t('configs.unknownGroup', { path: '/Admin/configs/nothing' }))).toBeInTheDocument();
  });
});
