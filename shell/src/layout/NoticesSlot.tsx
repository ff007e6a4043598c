/**
 * Where the removable banner notices of docs/product/screens.md (public notices the user has not dismissed) will show, between the
 * navbar and the page. They come with the notices feature; until then the slot renders nothing.
 */
export function NoticesSlot() {
  return null;
}
