import { useState } from 'react';
import { billingApi } from '@paddock/shared/api';
import { useT } from '@paddock/shared/i18n';
import { Button, icons } from '@paddock/shared/ui';
import { billingTexts } from './messages';

const m = billingTexts.messages;

/**
 * docs/product/api.md Billing: the portal URL is asked for on the click and opened in a window opened by that click. `label`:
 * another text for the same action ("Update your card" after a declined renewal, DevicePlans).
 */
export function ManagePayment({ userId, label }: { userId: string; label?: string }) {
  const t = useT();
  const [busy, setBusy] = useState(false);

  async function open() {
    // Opened now, while the click still counts as the user's, so no pop-up blocker stops it; the URL follows.
    const popup = window.open('', '_blank');
    setBusy(true);
    try {
      const { Url } = await billingApi.portal(userId, window.location.href);
      if (popup) {
        popup.opener = null;
        popup.location.href = Url;
      } else {
        window.location.assign(Url);
      }
    } catch {
      // The shared failed-reply handler has shown why.
      popup?.close();
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button variant="primary" icon={icons.settings} busy={busy} title={t(m.managePaymentHint)} onClick={() => void open()}>
      {label ?? t(m.managePayment)}
    </Button>
  );
}
