import { describe, expect, it } from 'vitest';
import { configUpdateSchema } from '@qshop/shared/schemas/configs';
import { changedInput, configGroupOf, configSections, formValuesOf, secretPlaceholders, validateConfig } from './configModel';

const payFields = configSections('pay').flatMap((section) => section.fields);

describe('the config form model', () => {
  it('takes the group from the page path', () => {
    expect(configGroupOf('/Admin/configs/pay')).toBe('pay');
    expect(configGroupOf('/Admin/configs/web/')).toBe('web');
    expect(configGroupOf('/Admin/configs/other')).toBeNull();
  });

  it('groups the fields by section, with paths, secrets and text limits', () => {
    expect(configSections('pay').map((section) => section.name)).toEqual(['wechat', 'alipay']);
    expect(configSections('web')).toHaveLength(1);
    const key = payFields.find((field) => field.path === 'wechat.api_v3_key');
    expect(key).toMatchObject({ section: 'wechat', name: 'api_v3_key', secret: true, form: 'password', maxLength: 32 });
    const description = configSections('web')[0].fields.find((field) => field.name === 'description');
    expect(description).toMatchObject({ path: 'description', secret: false, maxLength: 500 });
  });

  it('starts secrets empty with the masked value aside, and switches as 0/1', () => {
    const data = { wechat: { app_id: 'wx', api_v3_key: '******abcd' }, alipay: {} };
    const values = formValuesOf(payFields, data);
    expect(values.wechat).toMatchObject({ app_id: 'wx', api_v3_key: '' });
    expect(secretPlaceholders(payFields, data)).toEqual({ 'wechat.api_v3_key': '******abcd' });
    const storeFields = configSections('store')[0].fields;
    expect(formValuesOf(storeFields, { goods_verify: true, cash: '1.50', commission_rate: '0.00', cash_min: '1.00', cash_daily_limit: 3, distribution_max: '30.00' })).toEqual({
      goods_verify: 1, cash: '1.50', commission_rate: '0.00', cash_min: '1.00', cash_daily_limit: 3, distribution_max: '30.00',
    });
  });

  it('sends what changed and typed-in secrets only', () => {
    const loaded = formValuesOf(payFields, { wechat: { app_id: 'wx', api_v3_key: '******abcd' }, alipay: { app_id: '1' } });
    const values = { ...loaded, wechat: { ...(loaded.wechat as object), mch_id: '99', api_v3_key: 'new' } };
    expect(changedInput(payFields, values, loaded)).toEqual({ wechat: { mch_id: '99', api_v3_key: 'new' } });
    expect(changedInput(payFields, loaded, loaded)).toEqual({});
  });

  it('puts schema errors on the fields, inside sections too', () => {
    expect(validateConfig(configUpdateSchema('pay'), { wechat: { app_id: 'ok', mch_id: 'x'.repeat(65) }, alipay: { app_id: 'y'.repeat(65) } })).toEqual({
      'wechat.mch_id': expect.any(String),
      'alipay.app_id': expect.any(String),
    });
    expect(validateConfig(configUpdateSchema('store'), { cash: '101' })).toEqual({ cash: expect.any(String) });
    expect(validateConfig(configUpdateSchema('store'), { cash: '5.5' })).toEqual({});
  });
});
