import { describe, expect, it } from 'vitest';
import { tagColor, tagText } from './tagColor';

describe('tag colour rule', () => {
  it.each([1, '1', 'Yes', 'yes', 'success', '成功', '是', true])('%s is success', (value) => {
    expect(tagColor(value)).toBe('green');
  });

  it.each([0, '0', 'No', 'failed', '失败', '否', false])('%s is danger', (value) => {
    expect(tagColor(value)).toBe('red');
  });

  it('other values get a stable colour chosen by hash', () => {
    const colour = tagColor('待审核');
    expect(colour).not.toBeNull();
    expect(['green', 'red']).not.toContain(colour);
    expect(tagColor('待审核')).toBe(colour);
    const colours = new Set(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((value) => tagColor(value)));
    expect(colours.size).toBeGreaterThan(1);
  });

  it('empty values show "-" and have no colour', () => {
    for (const value of ['', '  ', null, undefined]) {
      expect(tagText(value)).toBe('-');
      expect(tagColor(value)).toBeNull();
    }
    expect(tagText(0)).toBe('0');
  });
});
