// The store application wizard's routing by the application's verify state: /store/join (entry) → step_1
// (agreement; accepting opens the application) → step_2 (store data; saving submits it) → step_3 (the review
// result). Data can be changed only while filling in (1) or after a denial (3); verifying (2) and passed (4) show
// the result.
import { STORE_VERIFY } from '@qshop/shared/schemas/catalog';

export type WizardPage = 'join' | 'step_1' | 'step_2' | 'step_3';

/** The part of GET /api/store the routing reads (null: the shopper has not applied). */
export interface ApplicationState {
  store_verify: number;
  store_refuse_info?: string | null;
}

export const wizardPath = (page: WizardPage) => `/store/${page}`;

/** Whether the application's data can be (re)submitted. */
export const canEditApplication = (app: ApplicationState) =>
  app.store_verify === STORE_VERIFY.FILLING || app.store_verify === STORE_VERIFY.DENIED;

/** Where an applicant continues from the entry page. */
export function continueStep(app: ApplicationState | null): WizardPage {
  if (!app) return 'step_1';
  return app.store_verify === STORE_VERIFY.FILLING ? 'step_2' : 'step_3';
}

/** The page to show instead of `page` for this application, or null when `page` is right. */
export function redirectFor(page: WizardPage, app: ApplicationState | null): WizardPage | null {
  switch (page) {
    case 'join':
      return app ? continueStep(app) : null;
    case 'step_1':
      return app && !canEditApplication(app) ? 'step_3' : null;
    case 'step_2':
      if (!app) return 'step_1';
      return canEditApplication(app) ? null : 'step_3';
    case 'step_3':
      return app ? null : 'join';
  }
}

/** The stepper position of a page (the entry shows the first step). */
export function stepIndex(page: WizardPage): number {
  return page === 'step_3' ? 2 : page === 'step_2' ? 1 : 0;
}
