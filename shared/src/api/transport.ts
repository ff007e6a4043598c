// The client's transport (decision 0021, amended): ky and the retry rules, in a file of their own that client.ts
// loads with the first request (docs/architecture/README.md#js-before-the-first-page). Nothing else imports it.
import ky, { isHTTPError, type RetryOptions } from 'ky';
import { IDEMPOTENCY_KEY_HEADER } from '../contract/headers';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * Retries (docs/product/errors.md "Tried again"): a field's connection drops and a busy server answers 503 with
 * Retry-After, so an idempotent call is tried up to twice more, after the server's Retry-After when it gives one, else
 * after 0.3 s and 0.6 s. Not retried: a time-out (the page says so at once), a plain POST or a PATCH (it may have been
 * done), a Retry-After longer than RETRY_AFTER_MAX_MS (a lock-out: the error shows at once), and anything while the
 * browser knows it is offline.
 */
const RETRY = {
  limit: 2,
  statusCodes: [408, 413, 429, 500, 502, 503, 504],
  afterStatusCodes: [413, 429, 503],
  backoffLimit: 3_000,
};
const RETRY_AFTER_MAX_MS = 10_000;
const IDEMPOTENT: Method[] = ['get', 'put', 'delete'];

/** Retry-After in ms: seconds or an HTTP date (RFC 9110); 0 when absent or unreadable. */
function retryAfterMs(value: string | null, now = Date.now()): number {
  if (!value) return 0;
  const seconds = Number(value);
  const ms = Number.isNaN(seconds) ? Date.parse(value) - now : seconds * 1000;
  return Number.isNaN(ms) ? 0 : Math.max(0, ms);
}

/** Whether a call may be sent again: idempotent by method, or a POST carrying an idempotency key (docs/product/api.md Purchases). */
function isRetriable(method: Method, headers: Record<string, string>): boolean {
  return (
    IDEMPOTENT.includes(method) || (method === 'post' && Object.keys(headers).some((name) => name.toLowerCase() === IDEMPOTENCY_KEY_HEADER))
  );
}

function retryOptions(method: Method, headers: Record<string, string>, retry: boolean): RetryOptions {
  if (!retry || !isRetriable(method, headers)) return { limit: 0 };
  return {
    ...RETRY,
    methods: [method],
    shouldRetry: ({ error }) => {
      if (typeof navigator !== 'undefined' && navigator.onLine === false) return false;
      if (isHTTPError(error) && retryAfterMs(error.response.headers.get('Retry-After')) > RETRY_AFTER_MAX_MS) return false;
      return undefined; // ky's own rules: the status codes above, Retry-After, back-off
    },
  };
}

/**
 * One HTTP call through ky: the method in capitals, a JSON body with its content type, aborted after `timeout` ms
 * (ky's TimeoutError), retried as RETRY says. Resolves with any answer but a failure status (304 included); rejects
 * with ky's HTTPError for a failure status, or with no answer (TimeoutError, or fetch's TypeError: no network).
 */
export function send(
  method: Method,
  url: string,
  headers: Record<string, string>,
  json: unknown,
  timeout: number,
  retry: boolean,
): Promise<Response> {
  return ky(url, {
    method,
    headers,
    json,
    timeout,
    retry: retryOptions(method, headers, retry),
    // 304 Not Modified (a conditional GET with If-None-Match) is an answer, not a failure.
    throwHttpErrors: (status) => status !== 304,
    // The fetch of the moment, not the one at load (tests put a stand-in there).
    fetch: (input, init) => fetch(input, init),
  });
}
