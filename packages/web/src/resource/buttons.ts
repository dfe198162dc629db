// Table buttons: the defaults, overridden by the declaration, and never offered for an
// action the resource does not serve, nor for a super-only action to an account that does not hold everything.
import { DEFAULT_BUTTONS, type Action, type ResourceDecl, type TableButton } from '@qshop/shared';

export type TableButtons = Record<TableButton, boolean>;

const ACTION_OF: Record<TableButton, Action> = {
  show: 'show',
  store: 'store',
  update: 'update',
  destroy: 'destroy',
  deletes: 'destroy',
  import: 'import',
  search: 'index',
  export: 'index',
};

/** `holdsAll`: the account holds every permission (a super admin), so super-only actions are open to it. */
export function tableButtons(decl: Pick<ResourceDecl, 'buttons' | 'actions' | 'superOnly'>, holdsAll: boolean): TableButtons {
  const wanted = { ...DEFAULT_BUTTONS, ...decl.buttons };
  const served = (button: TableButton) => !decl.actions || decl.actions.includes(ACTION_OF[button]);
  const allowed = (button: TableButton) => holdsAll || !decl.superOnly?.includes(ACTION_OF[button]);
  return Object.fromEntries(
    (Object.keys(wanted) as TableButton[]).map((button) => [button, wanted[button] && served(button) && allowed(button)]),
  ) as TableButtons;
}
