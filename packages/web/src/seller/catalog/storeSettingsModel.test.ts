import { describe, expect, it } from 'vitest';
import { settingsBody, settingsValues, validateSettings } from './storeSettingsModel';

const ANSWER = {
  id: 1, store_verify: 4, store_status: 1, store_name: 'QShop 旗舰店', store_logo: '/logo.png', store_description: '演示', store_mobile: '',
  after_sale_service: '7 天无理由', store_face_image: '', area: [1, 2, 3], store_lat: '39.921900', store_lng: '116.443600', store_address: '建国路 88 号',
  store_slide: ['/s1.png'], store_mobile_slide: [],
};

describe('store settings', () => {
  it('reads the answer and sends it back, leaving out an empty phone, area and map point', () => {
    const values = settingsValues(ANSWER);
    expect(values).toMatchObject({ store_name: 'QShop 旗舰店', area: [1, 2, 3], store_slide: ['/s1.png'], store_mobile: '' });
    const body = settingsBody(values);
    expect(body).toMatchObject({ store_name: 'QShop 旗舰店', area: [1, 2, 3], store_lat: '39.921900', store_slide: ['/s1.png'], store_mobile_slide: [] });
    expect(body).not.toHaveProperty('store_mobile');
    expect(validateSettings(body)).toEqual({});
    const blank = settingsBody({ ...values, area: [], store_lat: ' ', store_lng: '' });
    expect(blank).not.toHaveProperty('area');
    expect(blank).not.toHaveProperty('store_lat');
    expect(validateSettings(blank)).toEqual({});
  });

  it('refuses a name left empty, a wrong phone, an area above the district, a point off the map and a fourth slide', () => {
    const values = settingsValues(ANSWER);
    const errors = validateSettings(
      settingsBody({ ...values, store_name: ' ', store_mobile: '123', area: [1, 2], store_lat: '91', store_slide: ['/1', '/2', '/3', '/4'] }),
    );
    expect(Object.keys(errors).sort()).toEqual(['area', 'store_lat', 'store_mobile', 'store_name', 'store_slide']);
  });
});
