// Every link Paddock sends (mails, SMS, the payment portal's way back) starts with PUBLIC_URL, never with a request's
// Host header: a forged Host must not turn a real Paddock mail or page into a way elsewhere (docs/configuration.md, PUBLIC_URL).
import { devicePath, safeAppPath, variantForHost, type ProductId } from '@paddock/shared/domain';
import type { Config } from '../config';

/** The configured public origin (PUBLIC_URL), without a trailing slash. */
export function publicOrigin(config: Pick<Config, 'publicUrl'>): string {
  return config.publicUrl;
}

/**
 * The public origin for a page asked for on `host`: PUBLIC_URL, or, when `host` is one of the configured branded
 * variant hosts (VARIANT_HOSTS, docs/product/overview.md#branded-variants), PUBLIC_URL with that host name (its scheme
 * and port stay PUBLIC_URL's). Any other Host header, forged or not, gets PUBLIC_URL.
 */
export function publicOriginFor(config: Pick<Config, 'publicUrl' | 'variantHosts'>, host: string | undefined): string {
  if (!host || variantForHost(host, config.variantHosts) === 'default') return config.publicUrl;
  const origin = new URL(config.publicUrl);
  const hostname = URL.canParse(`http://${host}`) ? new URL(`http://${host}`).hostname : null;
  if (!hostname) return config.publicUrl;
  origin.hostname = hostname;
  return origin.origin;
}

/**
 * A full link to a page of this app: `path` must be an app path ('/devices', '/account?x=1'); anything that could lead
 * off the site (a scheme, '//host', a backslash) throws, as that is a programming error, never user input.
 */
export function appLink(config: Pick<Config, 'publicUrl'>, path: string): string {
  const safe = safeAppPath(path);
  if (safe === null) throw new Error(`appLink: "${path}" is not a path of this app`);
  return `${config.publicUrl}${safe}`;
}

/** A full link to a device's page (docs/product/screens.md), e.g. https://paddock.example.com/fencealarm/350000100000001. */
export function deviceLink(config: Pick<Config, 'publicUrl'>, product: ProductId, key: string): string {
  return appLink(config, devicePath(product, key));
}
