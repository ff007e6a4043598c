import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { usePrices } from '@paddock/shared/api';
import { useT } from '@paddock/shared/i18n';
import { activeUserAtom } from '@paddock/shared/session';
import { Page } from '@paddock/shared/ui';
import { DevicePlans } from './DevicePlans';
import { Invoices } from './Invoices';
import { ManagePayment } from './ManagePayment';
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
