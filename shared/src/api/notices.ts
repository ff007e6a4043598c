// The notices a signed-in user sees (docs/product/api.md "Admin", docs/product/screens.md): GET /notices?public.
// Admins' calls on all notices (list, save, delete) are in admin.ts.
import type { Notice } from '../contract';
import { api, type RequestOptions } from './client';

export const noticesApi = {
  /** GET notices?public: the public notices, in every language (the screen picks the user's). */
  listPublic: (options?: RequestOptions) => api.get<Notice[]>('notices?public', options),
};
