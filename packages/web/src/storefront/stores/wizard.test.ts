import { describe, expect, it } from 'vitest';
import { STORE_VERIFY } from '@qshop/shared/schemas/catalog';
import { continueStep, redirectFor, stepIndex, type WizardPage } from './wizard';

const state = (store_verify: number) => ({ store_verify });
const PAGES: WizardPage[] = ['join', 'step_1', 'step_2', 'step_3'];

describe('store application wizard routing', () => {
  it('without an application: entry and agreement show, the data form and the result send back', () => {
    expect(PAGES.map((page) => redirectFor(page, null))).toEqual([null, null, 'step_1', 'join']);
    expect(continueStep(null)).toBe('step_1');
  });

  it('filling in (1): the entry continues to the data form; agreement, form and result show', () => {
    const app = state(STORE_VERIFY.FILLING);
    expect(PAGES.map((page) => redirectFor(page, app))).toEqual(['step_2', null, null, null]);
  });

  it('verifying (2) and passed (4): every page shows the result', () => {
    for (const verify of [STORE_VERIFY.VERIFYING, STORE_VERIFY.PASSED]) {
      expect(PAGES.map((page) => redirectFor(page, state(verify)))).toEqual(['step_3', 'step_3', 'step_3', null]);
    }
  });

  it('denied (3): the entry shows the result with the reason; the data can be edited again', () => {
    const app = { store_verify: STORE_VERIFY.DENIED, store_refuse_info: 'blurry licence' };
    expect(PAGES.map((page) => redirectFor(page, app))).toEqual(['step_3', null, null, null]);
  });

  it('places the pages on the three steps', () => {
    expect(PAGES.map(stepIndex)).toEqual([0, 0, 1, 2]);
  });
});
