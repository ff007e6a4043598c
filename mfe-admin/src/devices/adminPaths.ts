import type { ProductId } from '@paddock/shared/domain';

/** docs/product/screens.md Admin: /admin/{product}, /admin/{product}/{key} and its sub-pages. */
export function adminProductPath(product: ProductId): string {
  return `/admin/${product}`;
}

export function adminDevicePath(product: ProductId, key: string, page?: 'add-trial' | 'fota'): string {
  return `${adminProductPath(product)}/${encodeURIComponent(key)}${page ? `/${page}` : ''}`;
}

export function adminUserPath(id: string, page?: 'email'): string {
  return `/admin/user/${encodeURIComponent(id)}${page ? `/${page}` : ''}`;
}
