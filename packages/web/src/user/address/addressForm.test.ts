import { describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { addressBody, addressErrors, addressValues } from './addressForm';

const AREA = 'choose the area';

describe('the address form', () => {
  it('sends trimmed text, the area path and is_default only when chosen', () => {
    const values = { receive_name: ' Ann ', receive_tel: '13800138000 ', area: [1, 2, 3], address: ' Road 1 ', is_default: false };
    expect(addressBody(values)).toEqual({ receive_name: 'Ann', receive_tel: '13800138000', area: [1, 2, 3], address: 'Road 1' });
    expect(addressBody({ ...values, is_default: true })).toMatchObject({ is_default: 1 });
  });

  it('starts from the address being edited', () => {
    const address = {
      id: 4, receive_name: 'Ann', receive_tel: '13800138000', area: [1, 2, 3] as [number, number, number], area_info: 'A B C', address: 'Road 1',
      province_id: 1, city_id: 2, region_id: 3, is_default: 1 as const,
    };
    expect(addressValues(address)).toEqual({ receive_name: 'Ann', receive_tel: '13800138000', area: [1, 2, 3], address: 'Road 1', is_default: true });
    expect(addressValues(null)).toEqual({ receive_name: '', receive_tel: '', area: [], address: '', is_default: false });
  });

  it('names every missing or malformed field in the current language, the area by what is missing', async () => {
    await i18n.changeLanguage('en');
    const body = addressBody({ receive_name: '', receive_tel: '123', area: [1, 2], address: '', is_default: false });
    expect(addressErrors(body, AREA)).toEqual({
      receive_name: 'Required fields cannot be empty.',
      receive_tel: 'Wrong phone number format.',
      area: AREA,
      address: 'Required fields cannot be empty.',
    });
    expect(addressErrors(addressBody({ receive_name: 'Ann', receive_tel: '13800138000', area: [1, 2, 3], address: 'Road 1', is_default: true }), AREA)).toEqual({});
  });
});
