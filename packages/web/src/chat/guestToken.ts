// A visitor's guest token for the chat (docs/chat.md): asked of the server once (POST /api/chat/guest) and kept in
// this browser, so a visitor coming back finds its conversations. The token is `<guest id>.<expiry>.<signature>`; one
// that ends within a day is replaced before use, so a request never carries an expired one (the server would answer
// 401, which the API client treats as an ended session).
import { GUEST_TOKEN_HEADER, type ChatGuest } from '@qshop/shared/schemas/chat';
import { api, type RequestOptions } from '../api/client';

const STORAGE_KEY = 'chat_guest';
const RENEW_BEFORE_MS = 86_400_000;

function keptToken(now: number): string | null {
  const token = localStorage.getItem(STORAGE_KEY);
  const expiry = Number(token?.split('.')[1]);
  return token && expiry * 1000 - RENEW_BEFORE_MS > now ? token : null;
}

export async function guestToken(now = Date.now()): Promise<string> {
  const kept = keptToken(now);
  if (kept) return kept;
  const issued = await api.post<ChatGuest>('/chat/guest', undefined, { area: 'user' });
  localStorage.setItem(STORAGE_KEY, issued.guest_token);
  return issued.guest_token;
}

/** The request options that make a chat request the visitor's. */
export const asGuest = (token: string): RequestOptions => ({ headers: { [GUEST_TOKEN_HEADER]: token } });
