import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useAtomValue, useStore } from 'jotai';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { LOCALES, type Locale } from '@paddock/shared/domain';
import { ownerOf } from '@paddock/shared/federation';
import { changeLocale, LOCALE_NAMES, localeAtom, useT } from '@paddock/shared/i18n';
import { impersonationAtom, isAdminAtom, signedInAtom, signOut } from '@paddock/shared/session';
import { Icon } from '@paddock/shared/ui';
import { SUPPORT_URL } from '../connection/support';
import { layoutTexts } from './messages';

type SectionKey = 'devices' | 'account' | 'billing' | 'warranties' | 'admin';

interface Section {
  key: SectionKey;
  to: string;
  /** Whether a path belongs to the section (for aria-current). */
  matches: (pathname: string) => boolean;
}

const under = (base: string) => (pathname: string) => pathname === base || pathname.startsWith(`${base}/`);
const SECTIONS: Section[] = [
  // /devices and every device page: whatever the devices remote owns (one route per product, docs/product/screens.md).
  { key: 'devices', to: '/devices', matches: (pathname) => ownerOf(pathname)?.remote === 'devices' },
  { key: 'account', to: '/account', matches: under('/account') },
  { key: 'billing', to: '/billing', matches: under('/billing') },
  { key: 'warranties', to: '/warranties', matches: under('/warranties') },
];
const ADMIN: Section = { key: 'admin', to: '/admin', matches: under('/admin') };

/**
 * The navbar of docs/product/screens.md: Devices, Account, Billing, Warranties, Support (external), Admin (admins only), language,
 * Sign in / Sign out (Sign out hidden while impersonating, Stop impersonating instead). On a phone a compact bar
 * with a menu button; from 64 rem one row.
 */
export function Navbar() {
  const t = useT();
  const store = useStore();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const signedIn = useAtomValue(signedInAtom);
  const isAdmin = useAtomValue(isAdminAtom);
  const impersonation = useAtomValue(impersonationAtom);
  const locale = useAtomValue(localeAtom);
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);

  // A choice in the menu closes it.
  useEffect(() => setOpen(false), [pathname]);

  const sections = signedIn ? [...SECTIONS, ...(isAdmin ? [ADMIN] : [])] : [];

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      setOpen(false);
      toggleRef.current?.focus();
    }
  };

  const onSignOut = async () => {
    await signOut();
    navigate('/sign-in', { replace: true });
  };

  const onStopImpersonating = () => {
    const returnTo = impersonation?.ReturnTo || '/admin';
    store.set(impersonationAtom, null);
    navigate(returnTo);
  };

  return (
    <header className="pd-navbar" onKeyDown={onKeyDown}>
      <div className="pd-navbar__bar">
        <Link to="/" className="pd-navbar__brand" aria-label={t(layoutTexts.messages.home)}>
          {t(layoutTexts.messages.brand)}
        </Link>
        <button
          ref={toggleRef}
          type="button"
          className="pd-icon-btn pd-navbar__toggle"
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={t(layoutTexts.messages.menu)}
          onClick={() => setOpen((o) => !o)}
        >
          <Icon name={open ? 'close' : 'menu'} />
        </button>
      </div>
      <nav id={menuId} className={`pd-navbar__menu${open ? ' pd-navbar__menu--open' : ''}`} aria-label={t(layoutTexts.messages.navigation)}>
        <ul className="pd-navbar__links">
          {sections.map((section) => (
            <li key={section.key}>
              <Link
                to={section.to}
                className="pd-navbar__link"
                aria-current={section.matches(pathname) ? 'page' : undefined}
              >
                {t(layoutTexts.messages[section.key])}
              </Link>
            </li>
          ))}
          <li>
            <a className="pd-navbar__link" href={SUPPORT_URL} target="_blank" rel="noopener noreferrer">
              {t(layoutTexts.messages.support)}
              <span className="pd-visually-hidden"> {t(layoutTexts.messages.opensInNewTab)}</span>
            </a>
          </li>
        </ul>
        <div className="pd-navbar__tools">
          <label className="pd-navbar__language">
            <Icon name="language" />
            <span className="pd-visually-hidden">{t(layoutTexts.messages.language)}</span>
            <select value={locale} onChange={(event) => void changeLocale(event.target.value as Locale)}>
              {LOCALES.map((code) => (
                <option key={code} value={code} lang={code}>
                  {LOCALE_NAMES[code]}
                </option>
              ))}
            </select>
          </label>
          {impersonation ? (
            <>
              <span className="pd-navbar__acting">{t(layoutTexts.messages.actingAs, { email: impersonation.User.Email })}</span>
              <button type="button" className="pd-btn pd-btn--secondary" onClick={onStopImpersonating}>
                {t(layoutTexts.messages.stopImpersonating)}
              </button>
            </>
          ) : null}
          {!signedIn ? (
            <Link to="/sign-in" className="pd-btn pd-btn--primary" aria-current={pathname === '/sign-in' ? 'page' : undefined}>
              <Icon name="login" />
              {t(layoutTexts.messages.signIn)}
            </Link>
          ) : impersonation ? null : (
            <button type="button" className="pd-btn pd-btn--ghost" onClick={() => void onSignOut()}>
              <Icon name="logout" />
              {t(layoutTexts.messages.signOut)}
            </button>
          )}
        </div>
      </nav>
    </header>
  );
}
