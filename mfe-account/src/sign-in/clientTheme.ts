/** The colour scheme the browser asks for, sent with the sign-in (docs/product/api.md ClientTheme). */
export function clientTheme(): 'light' | 'dark' {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return 'light';
  return window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}
