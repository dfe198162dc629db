/** A back-office menu entry from {prefix}load_menu. `apis` is the route path of its page. */
export interface MenuItem {
  id: number;
  name: string;
  ename?: string | null;
  icon?: string | null;
  view?: string | null;
  apis?: string | null;
  is_open?: number;
  children?: MenuItem[];
}
