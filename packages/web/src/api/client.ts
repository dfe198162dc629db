import i18n from '../i18n';
import { Code } from '@qshop/shared/envelope';
import { API_BASE, REQUEST_TIMEOUT_MS } from '../config';
import { AREAS, areaFromPath, type Area } from '../auth/areas';
import { clearSession, getIsLoginToken, getRefreshToken, getToken, setAccessToken, setTokens } from '../auth/session';
import type { TokenPair } from '../auth/types';
import { currentPathname, navigateTo } from '../router/navigation';
import { notifyError } from '../utils/notify';
import { setSiteZone } from '../utils/siteTime';
import { encodeFields, encodeMultipart, withFlagDefaults, type FieldMap } from './encode';
import { ApiError, isEnvelope, type Envelope } from './errors';

export interface RequestOptions {
  /** Do not prefix the path with /api. */
  skipBase?: boolean;
  timeout?: number;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** The session to use; by default the area of the current page. */
  area?: Area;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type BodyKind = 'form' | 'multipart';

interface Call {
  method: Method;
  url: string;
  query?: FieldMap;
  data?: FieldMap;
  bodyKind?: BodyKind;
  options: RequestOptions;
}

/** A prepared call: its URL, the area of the page that made it and the token it sent. */
interface Attempt {
  call: Call;
  url: string;
  area: Area;
  token: string | null;
  /** True when the token is the area's access token (not the Chat body token or the is_login token). */
  usesAreaToken: boolean;
  retried: boolean;
}

const CHAT_PATH = 'api/Chat';
const SESSION_ENDPOINTS = /\/(login|logout|refresh)$/;
const BEARER = /^Bearer\s+(\S+)$/i;

function buildUrl(url: string, query: FieldMap | undefined, skipBase?: boolean): string {
  const absolute = /^https?:\/\//.test(url);
  const path = skipBase || absolute ? url : `${API_BASE}${url.startsWith('/') ? '' : '/'}${url}`;
  const search = query ? encodeFields(query).toString() : '';
  if (!search) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${search}`;
}

function pathOf(url: string): string {
  return new URL(url, 'http://localhost').pathname;
}

function prepare(call: Call, retried = false): Attempt {
  const url = buildUrl(call.url, call.query, call.options.skipBase);
  const area = call.options.area ?? areaFromPath(currentPathname());
  if (url.includes(CHAT_PATH)) {
    const token = typeof call.data?.token === 'string' ? call.data.token : null;
    return { call, url, area, token, usesAreaToken: false, retried };
  }
  if (pathOf(url).endsWith('/is_login')) {
    return { call, url, area, token: getIsLoginToken(), usesAreaToken: false, retried };
  }
  return { call, url, area, token: getToken(area), usesAreaToken: true, retried };
}

function buildInit(attempt: Attempt): RequestInit {
  const { call } = attempt;
  const headers = new Headers({ Accept: 'application/json', lang: i18n.resolvedLanguage ?? i18n.language });
  for (const [name, value] of Object.entries(call.options.headers ?? {})) headers.set(name, value);
  if (attempt.token) headers.set('Authorization', `Bearer ${attempt.token}`);
  let body: BodyInit | undefined;
  if (call.bodyKind === 'multipart') {
    body = encodeMultipart(call.data ?? {});
  } else if (call.bodyKind === 'form') {
    headers.set('Content-Type', 'application/x-www-form-urlencoded;charset=UTF-8');
    body = encodeFields(withFlagDefaults(call.data ?? {}));
  }
  return { method: call.method, headers, body };
}

interface Received {
  response: Response;
  text: string;
}

/** fetch with the 30 s time-out; no response at all is logged to the console. */
async function send(url: string, init: RequestInit, options: RequestOptions): Promise<Received> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeout ?? REQUEST_TIMEOUT_MS);
  const cancel = () => controller.abort();
  options.signal?.addEventListener('abort', cancel);
  try {
    const response = await fetch(url, { ...init, signal: controller.signal });
    // Every answer names the site's zone, the one its times are on.
    setSiteZone(response.headers.get('x-time-zone'));
    const text = await response.text();
    return { response, text };
  } catch (error) {
    if (options.signal?.aborted) throw error;
    const message = i18n.t(timedOut ? 'http.timeout' : 'http.networkError');
    console.error(message, url, error);
    throw new ApiError(timedOut ? 'timeout' : 'network', message, 0);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', cancel);
  }
}

function isHtmlPage(response: Response, text: string): boolean {
  return (response.headers.get('content-type') ?? '').includes('text/html') || /^\s*<(!doctype|html)/i.test(text);
}

function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A fresh access token in the Authorization answer header replaces the stored one. */
function saveRenewedToken(attempt: Attempt, response: Response) {
  const match = BEARER.exec(response.headers.get('Authorization') ?? '');
  if (match && attempt.usesAreaToken) setAccessToken(attempt.area, match[1]);
}

function fail(kind: ApiError['kind'], message: string, status: number, body: unknown): never {
  if (message) notifyError(message);
  throw new ApiError(kind, message, status, body);
}

function reportHttpError(response: Response, envelope: Envelope | null, body: unknown): string {
  // A plain-text answer (a proxy's) is shown; an HTML error page is not text for a toast.
  const serverMessage = envelope?.msg || (typeof body === 'string' && !/^\s*</.test(body) ? body.slice(0, 200) : '');
  switch (response.status) {
    case 404:
      // The server's reason says what is missing (an order, a cart line); the bare code is only a fallback.
      if (serverMessage) {
        notifyError(serverMessage);
        return serverMessage;
      }
      notifyError(i18n.t('http.failed'), i18n.t('http.notFound'));
      return i18n.t('http.notFound');
    case 500:
      notifyError(serverMessage || i18n.t('http.failed'), i18n.t('http.serverError'));
      return i18n.t('http.serverError');
    case 401: {
      const message = serverMessage || i18n.t('http.sessionExpired');
      notifyError(message);
      return message;
    }
    case 429:
      notifyError(i18n.t('http.tooFrequent'));
      return i18n.t('http.tooFrequent');
    default: {
      // The status text is the server's English ("Bad Gateway"): the title is written in the page's language.
      const title = i18n.t('http.failedStatus', { status: response.status });
      notifyError(serverMessage || i18n.t('http.failed'), title);
      return title;
    }
  }
}

const renewals = new Map<Area, Promise<boolean>>();

async function refreshTokens(area: Area, refreshToken: string): Promise<boolean> {
  try {
    const init: RequestInit = {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8' },
      body: encodeFields({ refresh_token: refreshToken }),
    };
    const { response, text } = await send(`${API_BASE}/refresh`, init, {});
    const body = parseBody(text);
    if (!response.ok || !isEnvelope(body) || body.code !== Code.OK) return false;
    const tokens = body.data as TokenPair | null;
    if (!tokens?.access_token) return false;
    setTokens(area, tokens);
    return true;
  } catch {
    return false;
  }
}

/** Renews the area's access token with its refresh token (a 401, or a chat socket closed when its token expired); one
 *  refresh per area at a time, parallel callers wait for the same renewal. */
export function renewSession(area: Area): Promise<boolean> {
  const refreshToken = getRefreshToken(area);
  if (!refreshToken) return Promise.resolve(false);
  let pending = renewals.get(area);
  if (!pending) {
    pending = refreshTokens(area, refreshToken).finally(() => renewals.delete(area));
    renewals.set(area, pending);
  }
  return pending;
}

/** Code 401: try the refresh token once, else show msg, clear the area's session and go to its login. */
async function onSessionRejected<T>(attempt: Attempt, envelope: Envelope, status: number): Promise<T> {
  const { area } = attempt;
  const canRenew = attempt.usesAreaToken && attempt.token && !attempt.retried && !SESSION_ENDPOINTS.test(pathOf(attempt.url));
  if (canRenew) {
    const current = getToken(area);
    if (current && current !== attempt.token) return perform<T>(attempt.call, true);
    if (current && (await renewSession(area))) return perform<T>(attempt.call, true);
  }
  // A parallel request already ended this session: one message and one redirect are enough.
  const message = envelope.msg || i18n.t('http.sessionExpired');
  const alreadyEnded = attempt.usesAreaToken && attempt.token && !getToken(area);
  if (!alreadyEnded) {
    notifyError(message);
    clearSession(area);
    const loginPath = AREAS[area].loginPath;
    // Within the app, so the message stays on screen (a page load would drop it). Menu routes of the
    // ended session are dropped by the page load that follows the next back-office login.
    if (currentPathname() !== loginPath) navigateTo(loginPath, { replace: true });
  }
  throw new ApiError('session', message, status, envelope);
}

/** Applies the error catalogue (errors.ts) to one answer. */
async function settle<T>(attempt: Attempt, response: Response, text: string): Promise<T> {
  if (response.ok && text && isHtmlPage(response, text)) {
    throw new ApiError('html', 'HTML page', response.status, text);
  }
  const body = parseBody(text);
  const envelope = isEnvelope(body) ? body : null;
  const status = response.status;
  if (envelope) {
    switch (envelope.code) {
      case Code.OK:
      case Code.SILENT:
        return envelope.data as T;
      case Code.UNAUTHENTICATED:
        return onSessionRejected<T>(attempt, envelope, status);
      case Code.BUSINESS:
        return fail('code', envelope.msg, status, envelope);
      case Code.TOO_MANY:
        return fail('code', i18n.t('http.tooFrequent'), status, envelope);
    }
    if (envelope.data !== null && envelope.data !== undefined) {
      return fail('code', envelope.msg, status, envelope);
    }
  }
  if (!response.ok) {
    throw new ApiError('http', reportHttpError(response, envelope, body), status, body);
  }
  if (envelope) return fail('code', envelope.msg || i18n.t('http.failed'), status, envelope);
  return body as T;
}

async function perform<T>(call: Call, retried = false): Promise<T> {
  const attempt = prepare(call, retried);
  const { response, text } = await send(attempt.url, buildInit(attempt), call.options);
  saveRenewedToken(attempt, response);
  return settle<T>(attempt, response, text);
}

/**
 * The one API client. Success resolves with the envelope's `data`; every failure has already been
 * shown as the error catalogue says and rejects with an ApiError carrying the whole body.
 */
export const api = {
  get<T = unknown>(url: string, query?: FieldMap, options: RequestOptions = {}) {
    return perform<T>({ method: 'GET', url, query, options });
  },
  post<T = unknown>(url: string, data?: FieldMap, options: RequestOptions = {}) {
    return perform<T>({ method: 'POST', url, data, bodyKind: 'form', options });
  },
  put<T = unknown>(url: string, data?: FieldMap, options: RequestOptions = {}) {
    return perform<T>({ method: 'PUT', url, data, bodyKind: 'form', options });
  },
  del<T = unknown>(url: string, query?: FieldMap, options: RequestOptions = {}) {
    return perform<T>({ method: 'DELETE', url, query, options });
  },
  /** Multipart POST: `fields` may hold File/Blob values (or lists of them) and JSON-able options. */
  upload<T = unknown>(url: string, fields: FieldMap, options: RequestOptions = {}) {
    return perform<T>({ method: 'POST', url, data: fields, bodyKind: 'multipart', options });
  },
};

export { ApiError, type Envelope };
