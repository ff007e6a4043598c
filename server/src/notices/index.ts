// Notices admins write for users (docs/product/admin.md "Notices").
export { toNotice } from './store';
