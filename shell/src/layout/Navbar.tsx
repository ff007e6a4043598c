import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useAtomValue } from 'jotai';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { LOCALES, type Locale } from '@paddock/shared/domain';
import { ownerOf } from '@paddock/shared/federation';
import { changeLocale, LOCALE_NAMES, localeAtom, useT } from '@paddock/shared/i18n';
import { impersonatingAtom, isAdminAtom, signedInAtom, signOut } from '@paddock/shared/session';
import { Button, Icon, useLeave, useLeaveGate, icons } from '@paddock/shared/ui';
import { supportUrl } from '../connection/support';
import { shellBrand } from '../startup/variant';
import { layoutTexts } from './messages';
import { useStopImpersonating } from './useStopImpersonating';

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
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const signedIn = useAtomValue(signedInAtom);
  const isAdmin = useAtomValue(isAdminAtom);
  const impersonation = useAtomValue(impersonatingAtom);
  const { stop: stopImpersonating, stopping } = useStopImpersonating();
  const locale = useAtomValue(localeAtom);
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  // The language switch reloads the page and signing out leaves it: on a page with unsaved changes both ask first
  // (docs/product/screens.md Unsaved changes); links are asked about by the page itself.
  const leave = useLeave();
  // The browser's Back reaches such a page before the router: the navbar mounts with the router, inside it.
  useLeaveGate();

  // A choice in the menu closes it.
  useEffect(() => setOpen(false), [pathname]);

  const sections = signedIn ? [...SECTIONS, ...(isAdmin ? [ADMIN] : [])] : [];

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      setOpen(false);
      toggleRef.current?.focus();
    }
  };

  const brand = shellBrand();

  const onSignOut = async () => {
    await signOut();
    navigate('/sign-in', { replace: true });
  };

  return (
    <header className="pd-navbar" onKeyDown={onKeyDown}>
      <div className="pd-navbar__bar">
        <Link to="/" className="pd-navbar__brand" aria-label={t(layoutTexts.messages.home, { brand: brand.name })}>
          {/* The variant's logo and name (docs/product/overview.md#branded-variants); brand names are not translated. */}
          <img className="pd-navbar__logo" src={brand.logo} alt="" width={28} height={28} />
          {brand.name}
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
          <Icon icon={open ? icons.close : icons.menu} />
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
            <a className="pd-navbar__link" href={supportUrl()} target="_blank" rel="noopener noreferrer">
              {t(layoutTexts.messages.support)}
              <span className="pd-visually-hidden"> {t(layoutTexts.messages.opensInNewTab)}</span>
            </a>
          </li>
        </ul>
        <div className="pd-navbar__tools">
          <label className="pd-navbar__language">
            <Icon icon={icons.language} />
            <span className="pd-visually-hidden">{t(layoutTexts.messages.language)}</span>
            <select
              value={locale}
              onChange={(event) => {
                const next = event.target.value as Locale;
                leave(() => void changeLocale(next));
              }}
            >
              {LOCALES.map((code) => (
                <option key={code} value={code} lang={code}>
                  {LOCALE_NAMES[code]}
                </option>
              ))}
            </select>
          </label>
          {/* Who is being viewed shows in the banner above the page (ImpersonationBanner). */}
          {impersonation ? (
            <Button variant="secondary" busy={stopping} onClick={stopImpersonating}>
              {t(layoutTexts.messages.stopImpersonating)}
            </Button>
          ) : null}
          {!signedIn ? (
            <Link to="/sign-in" className="pd-btn pd-btn--primary" aria-current={pathname === '/sign-in' ? 'page' : undefined}>
              <Icon icon={icons.login} />
              {t(layoutTexts.messages.signIn)}
            </Link>
          ) : impersonation ? null : (
            <button type="button" className="pd-btn pd-btn--ghost" onClick={() => leave(() => void onSignOut())}>
              <Icon icon={icons.logout} />
              {t(layoutTexts.messages.signOut)}
            </button>
          )}
        </div>
      </nav>
    </header>
  );
}
