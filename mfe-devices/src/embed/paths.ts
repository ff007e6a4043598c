// Which in-app paths an embed shows itself, and Paddock's address of the others (docs/product/embedding.md).
import { ownerOf } from '@paddock/shared/federation';

/** The dashboard and device pages, and the signed-out account pages (sign-in); anything else opens Paddock. */
export function staysInEmbed(pathname: string): boolean {
  const owner = ownerOf(pathname);
  return Boolean(owner && (owner.remote === 'devices' || (owner.remote === 'account' && owner.access === 'signedOut')));
}

/** Paddock's own address of an in-app path, for links that leave the embed. */
export function paddockUrl(appBase: string, path: string): string {
  return new URL(path.replace(/^\//, ''), appBase.endsWith('/') ? appBase : `${appBase}/`).href;
}
