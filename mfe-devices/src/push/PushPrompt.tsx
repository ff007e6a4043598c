// The dashboard's offer of alarm notifications on this browser (issue 4). It does not nag: it appears only while the
// browser has not been asked, goes away on "Not now" for 30 days and for good after a denial, never shows while an
// admin impersonates (the admin's browser is not the customer's), and a browser that already allowed notifications
// is registered again quietly, without asking.
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { showToast } from '@paddock/shared/api';
import { Translations, useT } from '@paddock/shared/i18n';
import { activeUserAtom, impersonationAtom } from '@paddock/shared/session';
import { Button, Card, Icon, appName, icons } from '@paddock/shared/ui';
import { askPermission, keepRegistered, PUSH_DENIED, pushBlocked, pushSupported, registerForPush, rememberAnswer, shouldOfferPush } from './browserPush';
import { pushTexts } from './messages';
import './push.css';

const m = pushTexts.messages;
const PUSH_TRANSLATIONS = [pushTexts];

/** `offer`: whether asking makes sense (the user has a device to be alarmed about); an allowed browser is kept registered either way. */
export default function PushPrompt({ offer = true }: { offer?: boolean }) {
  return (
    <Translations translations={PUSH_TRANSLATIONS}>
      <PushOffer offer={offer} />
    </Translations>
  );
}

function PushOffer({ offer }: { offer: boolean }) {
  const t = useT();
  const user = useAtomValue(activeUserAtom);
  const impersonating = useAtomValue(impersonationAtom) !== null;
  const [shown, setShown] = useState(false);
  const [blocked, setBlocked] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!user || impersonating || !pushSupported()) return;
    if (Notification.permission === 'granted') {
      // Allowed before: keep this browser's subscription registered (it may have been renewed), as long as the
      // account wants push. docs/product/api.md: errors here are only logged.
      if (user.PushNotifications.Enabled) keepRegistered(user).catch((error: unknown) => console.warn('push registration failed', error));
      return;
    }
    // Alarms need a device: nothing is offered without one (docs/product/screens.md).
    if (!offer) {
      setShown(false);
      return;
    }
    if (pushBlocked()) {
      setBlocked(true);
      setShown(true);
    } else setShown(shouldOfferPush());
  }, [user, impersonating, offer]);

  if (!shown || !user) return null;

  async function turnOn() {
    setBusy(true);
    try {
      await askPermission();
      await registerForPush(user!);
      setShown(false);
      showToast({ kind: 'success', text: t(m.enabled) });
    } catch (error) {
      const denied = error instanceof Error && error.message === PUSH_DENIED;
      // Asked once: whatever happened, the offer does not come back at once.
      rememberAnswer(denied ? 'denied' : 'later');
      setShown(false);
      console.warn(denied ? PUSH_DENIED : 'push registration failed', error);
      showToast({ kind: 'error', text: t(denied ? m.denied : m.failed, { app: appName() }) });
    } finally {
      setBusy(false);
    }
  }

  function later() {
    rememberAnswer('later');
    setShown(false);
  }

  function understood() {
    // Said once: blocked stays blocked until the user changes the browser's settings.
    rememberAnswer('denied');
    setShown(false);
  }

  if (blocked) {
    return (
      <Card className="pd-push-offer" role="region" aria-labelledby="pd-push-offer-title">
        <h2 id="pd-push-offer-title" className="pd-push-offer__title">
          <Icon icon={icons.notifications} />
          {t(m.title)}
        </h2>
        <p>{t(m.blocked, { app: appName() })}</p>
        <div className="pd-push-offer__actions">
          <Button onClick={understood}>{t(m.understood)}</Button>
        </div>
      </Card>
    );
  }

  return (
    <Card className="pd-push-offer" role="region" aria-labelledby="pd-push-offer-title">
      <h2 id="pd-push-offer-title" className="pd-push-offer__title">
        <Icon icon={icons.notifications} />
        {t(m.title)}
      </h2>
      <p>{t(m.text, { app: appName() })}</p>
      <div className="pd-push-offer__actions">
        <Button variant="primary" busy={busy} onClick={() => void turnOn()}>
          {t(m.turnOn)}
        </Button>
        <Button disabled={busy} onClick={later}>
          {t(m.notNow)}
        </Button>
      </div>
    </Card>
  );
}
