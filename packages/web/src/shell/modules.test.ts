import { describe, expect, it } from 'vitest';
import type { MenuItem } from '../menu/types';
import { greetingKey } from './greeting';
import { clampModule, moduleHolding, readSelectedModule, saveSelectedModule } from './modules';

const modules: MenuItem[] = [
  { id: 1, name: 'A', children: [{ id: 11, name: 'a', apis: '/Admin/a' }] },
  { id: 2, name: 'B', children: [{ id: 21, name: 'g', children: [{ id: 22, name: 'b', apis: '/Admin/b' }] }] },
];

describe('module selection', () => {
  it('finds the module holding a page at any depth', () => {
    expect(moduleHolding(modules, '/Admin/a')).toBe(0);
    expect(moduleHolding(modules, '/Admin/b')).toBe(1);
    expect(moduleHolding(modules, '/Admin/zzz')).toBe(-1);
  });

  it('keeps a remembered index inside the list', () => {
    expect(clampModule(1, modules)).toBe(1);
    expect(clampModule(7, modules)).toBe(1);
    expect(clampModule(3, [])).toBe(0);
  });

  it('remembers the selected module per area', () => {
    expect(readSelectedModule('admin')).toBe(0);
    saveSelectedModule('admin', 2);
    expect(readSelectedModule('admin')).toBe(2);
    expect(readSelectedModule('seller')).toBe(0);
  });
});

describe('greeting', () => {
  it('depends on the time of day', () => {
    expect(greetingKey(3)).toBe('shell.greeting.night');
    expect(greetingKey(9)).toBe('shell.greeting.morning');
    expect(greetingKey(15)).toBe('shell.greeting.afternoon');
    expect(greetingKey(21)).toBe('shell.greeting.evening');
  });
});
