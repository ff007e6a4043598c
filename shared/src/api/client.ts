// The one HTTP client (docs/architecture/README.md#paddockshared): base URL by host, bearer token, time-outs, retries of
// idempotent calls, the loading overlay count, and the one failed-reply handler with docs/product/errors.md's texts.
// ky does the transport and the retries (transport.ts), loaded with the first request (decision 0021, amended).
import type { HTTPError } from 'ky';
import type { MessageDescriptor } from 'react-intl';
import { IMPERSONATION_HEADER } from '../contract/headers';
import { paddockStore, forgetSession, impersonatingAtom, localeAtom, tokenAtom, isTokenValid } from '../session/store';
import { busyCountAtom, connectionFailedAtom, showToast } from './feedback';
import { apiTexts } from './messages';
import { nativeApiBase } from './nativeApp';
import type * as Transport from './transport';

export interface ApiConfig {
  /** Production API base. */
  apiBase: string;
  /** Test API base, used when the host name begins with `testHostPrefix`. */
  testApiBase: string;
  testHostPrefix: string;
  /** Default time-out of a call in ms. */
  timeoutMs: number;
  /** The payment provider's customer page (admin "Open customer in payment provider"); `{CustomerId}` is replaced. */
  paymentDashboardBase: string;
  /** The same on a test host (docs/product/api.md: the dashboard differs between test and production). */
  testPaymentDashboardBase: string;
}

const config: ApiConfig = {
  apiBase: '/api',
  testApiBase: '/api',
  testHostPrefix: 'test.',
  timeoutMs: 30_000,
  paymentDashboardBase: 'https://dashboard.stripe.com/customers/{CustomerId}',
  testPaymentDashboardBase: 'https://dashboard.stripe.com/test/customers/{CustomerId}',
};

export function configureApi(overrides: Partial<ApiConfig>): void {
  Object.assign(config, overrides);
}

export function isTestHost(hostname: string = currentHostname()): boolean {
  return hostname.startsWith(config.testHostPrefix);
}

export function resolveApiBase(hostname: string = currentHostname()): string {
  // The native app's pages are on the phone (capacitor://localhost): the API is at the base it was built with.
  const native = nativeApiBase();
  if (native) return native;
  return isTestHost(hostname) ? config.testApiBase : config.apiBase;
}

/** The payment provider's page of a customer: the test dashboard on a test host, else the production one. */
export function paymentCustomerUrl(customerId: string, hostname: string = currentHostname()): string {
  const base = isTestHost(hostname) ? config.testPaymentDashboardBase : config.paymentDashboardBase;
  return base.replace('{CustomerId}', encodeURIComponent(customerId));
}

function currentHostname(): string {
  return typeof location !== 'undefined' ? location.hostname : '';
}

/** Builds `?a=b&c=d` from the truthy fields only (docs/product/api.md); '' when none. */
export function buildQuery(fields: Record<string, unknown> | undefined): string {
  if (!fields) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) if (value) params.append(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export interface FailureText {
  message: MessageDescriptor;
  values?: Record<string, string | number>;
}

/** docs/product/errors.md: 408 and 500 have fixed texts; any other status shows code, status text and the reply's text. */
export function failureText(status: number, statusText: string, body: string): FailureText {
  if (status === 408) return { message: apiTexts.messages.timeout };
  if (status === 500) return { message: apiTexts.messages.serverError };
  return { message: apiTexts.messages.otherStatus, values: { status, statusText, body: replyText(body) } };
}

/** The human part of a reply: our server's `Message`, else the body as it came. */
export function replyText(body: string): string {
  try {
    const parsed = JSON.parse(body) as { Message?: unknown };
    if (parsed && typeof parsed.Message === 'string') return parsed.Message;
  } catch {
    // not JSON: show it as it is
  }
  return body;
}

/** A failed call. `code` is the server's machine code (`Error`) when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly body: string,
    readonly code?: string,
    readonly field?: string,
    /** No answer at all: no network, or the server could not be reached in time. */
    readonly unreachable = false,
  ) {
    super(`${status} ${statusText}: ${replyText(body)}`);
    this.name = 'ApiError';
  }

  get serverMessage(): string {
    return replyText(this.body);
  }
}

export interface RequestOptions {
  json?: unknown;
  query?: Record<string, unknown>;
  /** Time-out in ms; on expiry the call is aborted and the connection-failure page shows. */
  timeout?: number;
  /** Don't show the failure toast: the caller shows the error itself. */
  silent?: boolean;
  /** Don't count this call for the loading overlay (background polls). */
  background?: boolean;
  /**
   * A call of the admin's own session, never made as the impersonated user (no impersonation header): checking the
   * session at start, stopping impersonation. Sign-in and the token calls (GET and DELETE /token) always are.
   */
  asSelf?: boolean;
  /** A call whose failure does not matter (the notices): a time-out or lost connection does not replace the page. */
  optional?: boolean;
  headers?: Record<string, string>;
  /** The raw Response is returned (files). */
  raw?: boolean;
  /**
   * A GET asked for ahead of the page that will make it (the shell, for the page it is loading): nothing is returned,
   * and the page's first identical GET within AHEAD_MS takes this reply instead of asking again. A failed one is
   * simply not used: the page's own request then asks, and reports what goes wrong.
   */
  ahead?: boolean;
  /**
   * false: never tried again, whatever the reply (a call that already waited for a device: the power toggle). Else an
   * idempotent call is retried as RETRY says.
   */
  retry?: boolean;
}

/** How long a reply asked for ahead waits for its page (docs/architecture/README.md#js-before-the-first-page). */
const AHEAD_MS = 10_000;

/** GET replies asked for ahead, by URL and headers (so another user's or language's request never takes one). */
const repliesAhead = new Map<string, Promise<Response | null>>();

function askAhead(key: string, url: string, headers: Record<string, string>, timeout: number): void {
  // Not retried: when it fails, the page's own request asks (and retries) anyway.
  const reply = send('get', url, headers, undefined, timeout, false).then(
    (response) => (response.ok ? response : null),
    () => null,
  );
  repliesAhead.set(key, reply);
  setTimeout(() => {
    if (repliesAhead.get(key) === reply) repliesAhead.delete(key);
  }, AHEAD_MS);
}

/** The reply asked for ahead for this request, once (null: none, or it failed). */
function takeAhead(key: string): Promise<Response | null> | null {
  const reply = repliesAhead.get(key);
  if (!reply) return null;
  repliesAhead.delete(key);
  return reply;
}

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** By name, as ky names them: ky is loaded later (transport.ts), and a test's fetch may be of another realm. */
const isHttpError = (error: unknown): error is HTTPError => (error as Error | undefined)?.name === 'HTTPError';

let transportLoading: Promise<typeof Transport> | null = null;

/**
 * ky and the retry rules (transport.ts), in a file of their own loaded with the first request: a page that asks
 * nothing before the user acts (/sign-in) shows without them (docs/architecture/README.md#js-before-the-first-page;
 * the shell also loads the file at the user's first key or tap, shell/src/startup/apiClientAhead.ts). Loaded within
 * the call's time-out (else a TimeoutError); asked again after a failed load (offline: "no reply", noReply).
 */
async function transportWithin(timeout: number): Promise<typeof Transport> {
  transportLoading ??= import(/* webpackChunkName: "ky" */ './transport').catch((error: unknown) => {
    transportLoading = null;
    throw error;
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    // Rejected with what noReply reads of a time-out: its name.
    return await Promise.race([
      transportLoading,
      new Promise<never>((_resolve, reject) => (timer = setTimeout(reject, timeout, { name: 'TimeoutError' }))),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** One HTTP call (transport.ts `send`): any answer but a failure status; rejects with ky's HTTPError or no answer. */
async function send(
  method: Method,
  url: string,
  headers: Record<string, string>,
  json: unknown,
  timeout: number,
  retry: boolean,
): Promise<Response> {
  return (await transportWithin(timeout)).send(method, url, headers, json, timeout, retry);
}

/** Sign-in and the token (refresh, revoke) belong to the admin's own session, even while impersonating (docs/product/admin.md). */
function isOwnSessionCall(path: string): boolean {
  return /^\/?(sign-in|token)(\?|$)/.test(path);
}

/**
 * Calls made on the admin pages are the admin's own work (searching, another customer's page), not the impersonated
 * customer's: only the customer's pages act as them (docs/product/admin.md "Impersonation").
 */
function onAdminPage(): boolean {
  return typeof location !== 'undefined' && /^\/admin(\/|$)/.test(location.pathname);
}

async function request<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  const store = paddockStore;
  const token = store.get(tokenAtom);
  const sentToken = isTokenValid(token) ? token.String : undefined;
  const headers: Record<string, string> = { 'Accept-Language': store.get(localeAtom), ...options.headers };
  if (sentToken) headers.Authorization = `Bearer ${sentToken}`;
  const actingAs = store.get(impersonatingAtom)?.User.Id;
  if (actingAs && sentToken && !options.asSelf && !isOwnSessionCall(path) && !onAdminPage()) headers[IMPERSONATION_HEADER] = actingAs;
  const url = `${resolveApiBase().replace(/\/$/, '')}/${path.replace(/^\//, '')}${buildQuery(options.query)}`;
  const timeout = options.timeout ?? config.timeoutMs;
  const aheadKey = method === 'get' ? JSON.stringify([url, headers]) : null;
  if (options.ahead) {
    if (aheadKey) askAhead(aheadKey, url, headers, timeout);
    return undefined as T;
  }

  if (!options.background) store.set(busyCountAtom, (n) => n + 1);
  try {
    const response =
      (aheadKey && (await takeAhead(aheadKey))) || (await send(method, url, headers, options.json, timeout, options.retry !== false));
    if (options.raw) return response as unknown as T;
    if (response.status === 204 || response.status === 304) return undefined as T;
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  } catch (error) {
    if (isHttpError(error)) throw await failedReply(error.response, options, Boolean(sentToken));
    throw error instanceof ApiError ? error : noReply(error, options);
  } finally {
    if (!options.background) store.set(busyCountAtom, (n) => Math.max(0, n - 1));
  }
}

/**
 * The pages that keep working without a connection (docs/product/installable-app.md): the dashboard (and `/`, which
 * leads there) shows its last list marked offline, so a lost connection there is told by the page, not by replacing it.
 */
export function onOfflineCapablePage(pathname = typeof location !== 'undefined' ? location.pathname : ''): boolean {
  return /^\/(devices\/?)?$/.test(pathname);
}

/**
 * A call that failed without a usable reply. A time-out (ky's TimeoutError) or no connection at all (fetch's
 * TypeError, after its retries) replaces the page with the connection-failure message (docs/product/errors.md).
 */
function noReply(error: unknown, options: RequestOptions): ApiError {
  // By name: a TypeError of another realm (a test's fetch) is no instance of this one's.
  // A ChunkLoadError: ky's file could not be loaded, so there is no network either.
  const name = (error as Error | undefined)?.name;
  if (!(name === 'TimeoutError' || name === 'TypeError' || name === 'ChunkLoadError')) return new ApiError(0, 'Error', String(error));
  if (!options.optional && !onOfflineCapablePage()) paddockStore.set(connectionFailedAtom, true);
  return new ApiError(408, 'Request Timeout', '', undefined, undefined, true);
}

/** An answer with a failure status: the server's code and field when it sent them, and the failure toast. */
async function failedReply(response: Response, options: RequestOptions, hadToken: boolean): Promise<ApiError> {
  const { status, statusText } = response;
  const body = await response.text().catch(() => '');
  let code: string | undefined;
  let field: string | undefined;
  try {
    const parsed = JSON.parse(body) as { Error?: string; Field?: string };
    code = parsed.Error;
    field = parsed.Field;
  } catch {
    // not JSON
  }
  const apiError = new ApiError(status, statusText, body, code, field);
  if (status === 401 && hadToken) {
    // The token is no longer accepted: sign out (docs/product/states.md).
    forgetSession(paddockStore);
    showToast({ kind: 'error', message: apiTexts.messages.signedOut });
    return apiError;
  }
  if (!options.silent) showToast({ kind: 'error', ...failureText(status, statusText, body) });
  return apiError;
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('get', path, options),
  post: <T>(path: string, json?: unknown, options?: RequestOptions) => request<T>('post', path, { ...options, json }),
  put: <T>(path: string, json?: unknown, options?: RequestOptions) => request<T>('put', path, { ...options, json }),
  patch: <T>(path: string, json?: unknown, options?: RequestOptions) => request<T>('patch', path, { ...options, json }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('delete', path, options),
};
