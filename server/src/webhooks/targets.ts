// Where a webhook may point and how it is reached (docs/product/webhooks.md "Addresses"): https at a public address
// only, as the push services are (notify/push.ts). Checked when a webhook is saved, and again by the connection's own
// look-up when it is sent, so a name that changes its answer in between (DNS rebinding) still reaches nothing inside.
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import ipaddr from 'ipaddr.js';
import { isPublicAddress, publicOnlyLookup, type Resolver } from '../notify';

export interface TargetRules {
  /** WEBHOOK_PRIVATE_TARGETS (tests only): http: and this machine's addresses are allowed. */
  allowPrivateTargets: boolean;
  /** Tests only: a resolver instead of dns.lookup. */
  resolver?: Resolver;
}

/** Why a target is refused: not https or not public (`private`), or its name has no address (`unresolved`). */
export type TargetProblem = 'private' | 'unresolved';

const systemResolver: Resolver = (hostname, callback) => dns.lookup(hostname, { all: true }, callback);

/** The host name without IPv6 brackets. */
const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

const lookupOf = (rules: TargetRules) => publicOnlyLookup(rules.resolver ?? systemResolver, rules.allowPrivateTargets);

/** Null when `text` is a URL a webhook may have now; else why not. */
export async function targetProblem(text: string, rules: TargetRules): Promise<TargetProblem | null> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'unresolved';
  }
  if (url.protocol !== 'https:' && !(rules.allowPrivateTargets && url.protocol === 'http:')) return 'private';
  // No credentials in the address: the secret signs, nothing else is sent.
  if (url.username || url.password) return 'private';
  const host = hostOf(url);
  if (ipaddr.isValid(host)) return isPublicAddress(host) || rules.allowPrivateTargets ? null : 'private';
  return new Promise((resolve) =>
    lookupOf(rules)(host, { all: true }, (error) =>
      resolve(error ? ((error as { code?: string }).code === 'EPRIVATEADDRESS' ? 'private' : 'unresolved') : null),
    ),
  );
}

export const SEND_TIMEOUT_MS = 10_000;

/** How one POST ended: the answer's status, or no answer (`error`); `refused`: the target is not public (never retried). */
export type PostResult = { status: number } | { error: string; refused: boolean };

/** POSTs `body` to `url`, connecting only to a public address; redirects are not followed (a 3xx is a failure). */
export async function postTo(url: string, body: string, headers: Record<string, string>, rules: TargetRules): Promise<PostResult> {
  const problem = await targetProblem(url, rules);
  if (problem)
    return { error: problem === 'private' ? 'the address is not public' : 'the host name has no address', refused: problem === 'private' };
  const target = new URL(url);
  const transport = target.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const request = transport.request(
      target,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'Paddock-Webhooks/1',
          ...headers,
        },
        lookup: lookupOf(rules) as http.RequestOptions['lookup'],
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      },
      (response) => {
        // The answer's body is not read: only its status counts.
        response.resume();
        resolve({ status: response.statusCode ?? 0 });
      },
    );
    request.on('error', (error) => {
      const refused = (error as { code?: string }).code === 'EPRIVATEADDRESS';
      resolve({
        error:
          error.name === 'AbortError' || error.name === 'TimeoutError' ? `no answer within ${SEND_TIMEOUT_MS / 1000} s` : error.message,
        refused,
      });
    });
    request.end(body);
  });
}
