// Notices (docs/product/admin.md "Notices"): storage and the wire representation.
import type { Notice } from '@paddock/shared/contract';
import type { NoticeRow } from '../db/schema';

export function toNotice(row: NoticeRow): Notice {
  return {
    Id: row.id,
    Public: row.public,
    English: row.english,
    French: row.french,
    German: row.german,
    Swedish: row.swedish,
    CreatedAt: row.createdAt.toISOString(),
    UpdatedAt: row.updatedAt.toISOString(),
  };
}
