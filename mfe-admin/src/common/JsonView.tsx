import { useT } from '@paddock/shared/i18n';
import { adminCommonTexts } from './messages';

/** A record as formatted JSON: scrolls sideways on a phone (focusable, so the keyboard can scroll it too). */
export function JsonView({ value, name }: { value: unknown; name: string }) {
  const t = useT();
  return (
    <pre className="pd-admin-json" tabIndex={0} aria-label={t(adminCommonTexts.messages.jsonLabel, { name })}>
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}
