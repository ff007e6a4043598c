/**
 * Where the removable banner notices of SPEC §2 (public notices the user has not dismissed) will show, between the
 * navbar and the page. They come with the notices feature; until then the slot renders nothing.
 */
export function NoticesSlot() {
  return null;
}
