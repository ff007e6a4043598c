import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { billingApi, usePrices } from '@paddock/shared/api';
import { useT } from '@paddock/shared/i18n';
import { activeUserAtom } from '@paddock/shared/session';
import { Button, Page, icons } from '@paddock/shared/ui';
import { DevicePlans } from './DevicePlans';
import { Invoices } from './Invoices';
import { billingTexts } from './messages';
import { SmsBalance } from './SmsBalance';
import './billing.css';

const m = billingTexts.messages;

/**
 * /billing (docs/product/screens.md Billing): every device's plan, status and renewal or end with its price; the SMS balance
 * with Buy SMS; the invoices with their PDFs; "Manage payment" opens the payment provider's portal in a new window.
 * Each section loads on its own, with its own loading, empty and failure states.
 */
export function Billing() {
  const t = useT();
  const user = useAtomValue(activeUserAtom);
  const prices = usePrices();
  // A purchase on this page adds an invoice: the list loads again.
  const [invoicesVersion, setInvoicesVersion] = useState(0);

  return (
    <Page title={t(m.title)} actions={user ? <ManagePayment userId={user.Id} /> : null}>
      {/* The shell's guard keeps signed-out visitors away from /billing; without a user there is nothing to load. */}
      {user ? (
        <div className="pd-billing">
          <DevicePlans userId={user.Id} prices={prices} />
          <SmsBalance userId={user.Id} prices={prices} onBought={() => setInvoicesVersion((n) => n + 1)} />
          <Invoices userId={user.Id} version={invoicesVersion} />
        </div>
      ) : null}
    </Page>
  );
}

/** docs/product/api.md Billing: the portal URL is asked for on the click and opened in a window opened by that click. */
function ManagePayment({ userId }: { userId: string }) {
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
      {t(m.managePayment)}
    </Button>
  );
}
