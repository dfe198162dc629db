import type { BackOfficeArea } from '../auth/areas';
import type { MenuItem } from '../menu/types';

const storageKey = (area: BackOfficeArea) => `${area}_menu_index`;

export function readSelectedModule(area: BackOfficeArea): number {
  const stored = Number(localStorage.getItem(storageKey(area)));
  return Number.isInteger(stored) && stored >= 0 ? stored : 0;
}

export function saveSelectedModule(area: BackOfficeArea, index: number) {
  localStorage.setItem(storageKey(area), String(index));
}

function contains(item: MenuItem, pathname: string): boolean {
  return item.apis === pathname || (item.children ?? []).some((child) => contains(child, pathname));
}

/** The entry (at any depth) whose address is the current path. */
export function findMenuByPath(items: MenuItem[], pathname: string): MenuItem | null {
  for (const item of items) {
    if (item.apis === pathname) return item;
    const inChildren = findMenuByPath(item.children ?? [], pathname);
    if (inChildren) return inChildren;
  }
  return null;
}

/** Index of the module holding the page at `pathname`, or -1. */
export function moduleHolding(modules: MenuItem[], pathname: string): number {
  return modules.findIndex((module) => contains(module, pathname));
}

/** A remembered index kept inside the module list. */
export function clampModule(index: number, modules: MenuItem[]): number {
  return modules.length === 0 ? 0 : Math.min(Math.max(index, 0), modules.length - 1);
}
