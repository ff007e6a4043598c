// The audit log of what staff do: its writer, the portal changes it records and GET /admin/audit (docs/product/admin.md).
export { auditPortalChange, portalStaff } from './portal';
