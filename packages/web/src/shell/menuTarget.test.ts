import { describe, expect, it, vi } from 'vitest';
import type { MenuItem } from '../menu/types';
import { findTarget, openMenuItem, resolveMenuClick } from './menuTarget';

const item = (id: number, apis: string | null, children: MenuItem[] = [], view: string | null = 'Admin/x'): MenuItem => ({
  id,
  name: `m${id}`,
  apis,
  view,
  children,
});

describe('menu click rule', () => {
  it('an entry with a target is its own target', () => {
    expect(findTarget(item(1, '/Admin/a'))?.id).toBe(1);
  });

  it('an empty target opens the first descendant with one: children first, then deeper', () => {
    const tree = item(1, null, [item(2, null, [item(4, '/Admin/deep')]), item(3, '/Admin/child')]);
    expect(findTarget(tree)?.id).toBe(3);
    const deeper = item(1, '', [item(2, null, [item(4, null), item(5, '/Admin/five')]), item(3, null, [item(6, '/Admin/six')])]);
    expect(findTarget(deeper)?.id).toBe(5);
  });

  it('navigates when the entry has a view and the router knows the address', () => {
    expect(resolveMenuClick(item(1, '/Admin/a'), () => true)).toEqual({ kind: 'navigate', to: '/Admin/a' });
  });

  it('opens http(s) addresses as external links', () => {
    expect(resolveMenuClick(item(1, 'https://example.com/docs'), () => false)).toEqual({ kind: 'external', url: 'https://example.com/docs' });
    expect(resolveMenuClick(item(1, 'http://example.com'), () => false).kind).toBe('external');
  });

  it('logs a missing-route error when nothing can be opened', () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const navigate = vi.fn();
    const openExternal = vi.fn();
    openMenuItem(item(1, null, [item(2, null)]), { knowsRoute: () => true, navigate, openExternal });
    openMenuItem(item(3, '/Admin/unknown'), { knowsRoute: () => false, navigate, openExternal });
    openMenuItem(item(4, '/Admin/no-view', [], null), { knowsRoute: () => true, navigate, openExternal });
    expect(consoleError).toHaveBeenCalledTimes(3);
    expect(navigate).not.toHaveBeenCalled();
    expect(openExternal).not.toHaveBeenCalled();
  });

  it('calls navigate or openExternal', () => {
    const navigate = vi.fn();
    const openExternal = vi.fn();
    openMenuItem(item(1, null, [item(2, '/Admin/b')]), { knowsRoute: (path) => path === '/Admin/b', navigate, openExternal });
    openMenuItem(item(3, 'https://x.test'), { knowsRoute: () => false, navigate, openExternal });
    expect(navigate).toHaveBeenCalledWith('/Admin/b');
    expect(openExternal).toHaveBeenCalledWith('https://x.test');
  });
});
