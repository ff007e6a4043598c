import { useEffect, useRef, useState } from 'react';
import { useAtom, useAtomValue } from 'jotai';
import { useLocation } from 'react-router-dom';
import { noticesApi } from '@paddock/shared/api';
import type { Notice } from '@paddock/shared/contract';
import { localeAtom, useT } from '@paddock/shared/i18n';
import { dismissedNoticesAtom, signedInAtom, userAtom } from '@paddock/shared/session';
import { IconButton, Icon, icons } from '@paddock/shared/ui';
import { layoutTexts } from './messages';
import { dismissedIds, noticeText, NOTICES_REFRESH_MS, pruneDismissed } from './notices';

const m = layoutTexts.messages;

/**
 * The removable banner notices (docs/product/screens.md): the public notices this browser has not dismissed, between the
 * navbar and the page, for signed-in users (also while an admin impersonates: they see what the customer sees).
 * Fetched at sign-in or app start and again on navigation at most every NOTICES_REFRESH_MS, in the background:
 * a failure shows nothing. Texts are plain text (React text nodes), never HTML.
 */
export function Notices() {
  const t = useT();
  const signedIn = useAtomValue(signedInAtom);
  const userId = useAtomValue(userAtom)?.Id ?? null;
  const locale = useAtomValue(localeAtom);
  const { pathname } = useLocation();
  const [stored, setDismissed] = useAtom(dismissedNoticesAtom);
  const [notices, setNotices] = useState<Notice[]>([]);
  const lastFetch = useRef<{ userId: string; at: number } | null>(null);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    if (!signedIn || !userId) {
      lastFetch.current = null;
      setNotices([]);
      return;
    }
    const now = Date.now();
    const last = lastFetch.current;
    if (last && last.userId === userId && now - last.at < NOTICES_REFRESH_MS) return;
    lastFetch.current = { userId, at: now };
    noticesApi.listPublic({ silent: true, background: true, optional: true }).then(
      (list) => {
        if (!mounted.current || lastFetch.current?.userId !== userId) return;
        const publicNotices = Array.isArray(list) ? list.filter((notice) => notice.Public) : [];
        setNotices(publicNotices);
        // docs/product/states.md: ids of notices no longer public are pruned.
        setDismissed((ids) => pruneDismissed(dismissedIds(ids), publicNotices));
      },
      () => undefined, // background and silent: nothing shows, the next navigation after the interval asks again
    );
  }, [signedIn, userId, pathname, setDismissed]);

  const dismissed = dismissedIds(stored);
  const shown = signedIn ? notices.filter((notice) => !dismissed.includes(notice.Id)) : [];
  if (shown.length === 0) return null;
  return (
    <section className="pd-notices" aria-label={t(m.notices)}>
      {shown.map((notice) => {
        const { text, lang } = noticeText(notice, locale);
        return (
          <div key={notice.Id} className="pd-notice">
            <Icon icon={icons.notifications} />
            <p className="pd-notice__text" lang={lang}>
              {text}
            </p>
            <IconButton
              icon={icons.close}
              label={t(m.dismissNotice)}
              className="pd-notice__close"
              onClick={() => setDismissed((ids) => [...dismissedIds(ids).filter((id) => id !== notice.Id), notice.Id])}
            />
          </div>
        );
      })}
    </section>
  );
}
