import { describe, expect, it } from 'vitest';
import { dictLabel, toDictOptions } from './dict';

describe('dictionary options', () => {
  it('take label/value lists as they are', () => {
    expect(toDictOptions([{ label: 'On', value: 1 }, { label: 'Off', value: 0 }])).toEqual([
      { label: 'On', value: 1 },
      { label: 'Off', value: 0 },
    ]);
  });

  it('map rows through labelKey/valueKey, also inside a list answer', () => {
    const answer = { data: [{ id: 7, name: 'Apple', code: 'AP' }], total: 1 };
    expect(toDictOptions(answer, 'name', 'code')).toEqual([{ label: 'Apple', value: 'AP' }]);
    expect(toDictOptions(answer)).toEqual([{ label: 'Apple', value: 7 }]);
  });

  it('keep children up to 3 levels', () => {
    const tree = [
      { name: 'Guangdong', id: 1, children: [{ name: 'Shenzhen', id: 2, children: [{ name: 'Nanshan', id: 3, children: [{ name: 'Too deep', id: 4 }] }] }] },
    ];
    const [province] = toDictOptions(tree, 'name', 'id');
    const [city] = province.children!;
    const [district] = city.children!;
    expect([province.label, city.label, district.label]).toEqual(['Guangdong', 'Shenzhen', 'Nanshan']);
    expect(district.children).toBeUndefined();
    expect(dictLabel([province], 3)).toBe('Nanshan');
    expect(dictLabel([province], [1, 2, 3])).toBe('Guangdong/Shenzhen/Nanshan');
  });
});
