/** A list row: an id, its columns and, for trees, has_children/pid and the children loaded so far. */
export type Row = Record<string, unknown> & {
  id: number;
  has_children?: boolean;
  pid?: number;
  children?: Row[];
};
