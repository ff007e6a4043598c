// The record as the API sent it, for staff who need every field: folded away by default behind "Show raw data"
// (docs/product/admin.md "Admin screens"); the labelled page above is what they read first.
import { useId, useState } from 'react';
import { useT } from '@paddock/shared/i18n';
import { Button, icons } from '@paddock/shared/ui';
import { JsonView } from './JsonView';
import { adminCommonTexts } from './messages';

export function RawData({ value, name }: { value: unknown; name: string }) {
  const t = useT();
  const c = adminCommonTexts.messages;
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <div className="pd-admin-raw">
      <Button
        variant="ghost"
        icon={open ? icons.visibilityOff : icons.visibility}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((shown) => !shown)}
      >
        {t(open ? c.hideRaw : c.showRaw)}
      </Button>
      {/* Always in the page, so aria-controls names an element; the JSON itself only while open. */}
      <div id={id} hidden={!open}>
        {open ? <JsonView value={value} name={name} /> : null}
      </div>
    </div>
  );
}
