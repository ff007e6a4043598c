// The startup splash lives in index.html (plain HTML and CSS, so it shows before any script). docs/product/limits.md: it hides
// 600 ms after the app has mounted.
export const SPLASH_HIDE_MS = 600;
export const SPLASH_ID = 'pd-splash';

export function hideSplash(doc: Document = document): void {
  const splash = doc.getElementById(SPLASH_ID);
  if (!splash) return;
  splash.classList.add('pd-splash--hidden');
  splash.setAttribute('aria-hidden', 'true');
  // Removed after its fade-out (and at once when there is no transition, e.g. reduced motion).
  const remove = () => splash.remove();
  splash.addEventListener('transitionend', remove, { once: true });
  setTimeout(remove, 400);
}
