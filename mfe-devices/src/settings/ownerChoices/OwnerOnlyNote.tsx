import { useAtomValue } from 'jotai';
import { isDeviceOwner } from '@paddock/shared/domain';
import { useT } from '@paddock/shared/i18n';
import { activeUserAtom } from '@paddock/shared/session';
import { ownerChoicesTexts } from './messages';

/** Whether the signed-in user owns the device (docs/product/roles.md): only they change its alarms, sharing and plan. */
export function useIsDeviceOwner(ownerEmail: string): boolean {
  const user = useAtomValue(activeUserAtom);
  return isDeviceOwner(user?.Email, ownerEmail);
}

/** docs/product/roles.md "Alarms and sharing": said beside the alarm controls and the sharing a shared user sees read-only. */
export function OwnerOnlyNote({ isOwner }: { isOwner: boolean }) {
  const t = useT();
  if (isOwner) return null;
  return (
    <p className="pd-settings__text" data-testid="owner-only-note">
      {t(ownerChoicesTexts.messages.ownerOnlyNote)}
    </p>
  );
}
