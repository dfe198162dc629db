/** The user object answered by {prefix}auth/info; only the fields the client reads are named. */
export interface SessionUser {
  id: number;
  username?: string;
  nickname?: string | null;
  avatar?: string | null;
  belong_id?: number;
  phone?: string | null;
  money?: string;
  frozen_money?: string;
  integral?: string | number;
  /** Back offices: the first menu path the user may open. */
  defaultUrl?: string | null;
  [field: string]: unknown;
}

export interface TokenPair {
  access_token: string;
  refresh_token?: string;
  token_type?: string;
  expires_in?: number;
}
