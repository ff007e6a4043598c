import { useRef, useState } from 'react';
import { newIdempotencyKey, showToast, usePriceFormat, usersApi, type PricesState } from '@paddock/shared/api';
import { SMS_BUNDLE, currencyFor, priceText } from '@paddock/shared/domain';
import { useT } from '@paddock/shared/i18n';
import { storeUpdatedUser } from '@paddock/shared/session';
import { Button, ConfirmDialog, icons, useActionFailure } from '@paddock/shared/ui';
import { billingTexts } from './messages';
import { BillingSection } from './Section';
import { useLoaded } from '@paddock/shared/api';

const m = billingTexts.messages;

/**
 * The SMS balance with Buy SMS (docs/product/limits.md: 100 SMS at the catalogue's Sms price, ex VAT). One idempotency key per
 * purchase the user starts (docs/product/api.md Purchases), made when the dialog opens: a double click or a retry is charged once.
 */
export function SmsBalance({ userId, prices, onBought }: { userId: string; prices: PricesState; onBought: () => void }) {
  const t = useT();
  const formatPrice = usePriceFormat();
  const { loaded, reload, replace } = useLoaded(() => usersApi.get(userId, { silent: true }), [userId]);
  const [purchase, setPurchase] = useState<{ key: string; busy: boolean } | null>(null);
  // A declined card is said inside the open dialog, not behind it (docs/product/errors.md Dialogs).
  const { failure, fail, clear } = useActionFailure();
  // Stops a second click before React has re-rendered the busy button.
  const running = useRef(false);

  const user = loaded.state === 'ready' ? loaded.value : null;
  const price = user && prices.state === 'ready' ? priceText(prices.prices, 'Sms', currencyFor(user.Country)) : null;

  async function buy() {
    if (!purchase || running.current) return;
    running.current = true;
    clear();
    setPurchase({ ...purchase, busy: true });
    try {
      const updated = await usersApi.buySms(userId, purchase.key, { background: true, silent: true });
      replace(updated);
      storeUpdatedUser(updated);
      showToast({ kind: 'success', text: t(m.smsBought, { added: SMS_BUNDLE.Count, balance: updated.SmsNotifications.Balance }) });
      setPurchase(null);
      onBought();
    } catch (error) {
      // Said in the dialog, which stays with the same key, so a retry charges once.
      fail(error);
      setPurchase((current) => (current ? { ...current, busy: false } : null));
    } finally {
      running.current = false;
    }
  }

  return (
    <BillingSection
      title={t(m.smsHeading)}
      loaded={loaded}
      retry={reload}
      action={
        <Button
          icon={icons.addCircle}
          disabled={!price}
          busy={purchase?.busy}
          onClick={() => {
            clear();
            setPurchase({ key: newIdempotencyKey(), busy: false });
          }}
        >
          {t(m.buySms)}
        </Button>
      }
    >
      {(account) => (
        <>
          <p className="pd-billing__balance" data-testid="sms-balance">
            {t(m.smsBalance, { count: account.SmsNotifications.Balance })}
          </p>
          <ConfirmDialog
            open={purchase !== null}
            title={t(m.buySmsTitle)}
            confirmLabel={t(m.buySmsConfirm)}
            busy={purchase?.busy}
            error={failure}
            onConfirm={() => void buy()}
            onCancel={() => setPurchase((current) => (current?.busy ? current : null))}
          >
            <p>{t(m.buySmsText, { count: SMS_BUNDLE.Count, price: price ? formatPrice(price) : '' })}</p>
          </ConfirmDialog>
        </>
      )}
    </BillingSection>
  );
}
