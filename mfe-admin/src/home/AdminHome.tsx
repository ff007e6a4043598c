import { Link } from 'react-router-dom';
import { PRODUCT_IDS, PRODUCT_INFO } from '@paddock/shared/domain';
import { useT } from '@paddock/shared/i18n';
import { Page } from '@paddock/shared/ui';
import { adminProductPath } from '../devices/adminPaths';
import { adminHomeTexts } from './messages';

type TextKey = keyof typeof adminHomeTexts.messages;
export type MenuItem = { to: string } & ({ text: TextKey } | { brand: string });

/**
 * docs/product/admin.md: User, one entry per product (the registry's order and brand names), Notices, Stats, then
 * the audit log, warranty claims, firmware campaigns and the built-in transports.
 */
export const ADMIN_MENU: MenuItem[] = [
  { text: 'user', to: '/admin/user' },
  ...PRODUCT_IDS.map((id) => ({ brand: PRODUCT_INFO[id].name, to: adminProductPath(id) })),
  { text: 'notices', to: '/admin/notices' },
  { text: 'stats', to: '/admin/stats' },
  { text: 'audit', to: '/admin/audit' },
  { text: 'warrantyClaims', to: '/admin/warranty-claims' },
  { text: 'firmwareCampaigns', to: '/admin/firmware-campaigns' },
  { text: 'mailbox', to: '/admin/mailbox' },
  { text: 'smsOutbox', to: '/admin/sms-outbox' },
];

export function AdminHome() {
  const t = useT();
  return (
    <Page title={t(adminHomeTexts.messages.title)}>
      <nav aria-label={t(adminHomeTexts.messages.menu)}>
        <ul className="pd-admin-menu">
          {ADMIN_MENU.map((item) => (
            <li key={item.to}>
              <Link className="pd-btn pd-btn--secondary pd-admin-menu__button" to={item.to}>
                {'text' in item ? t(adminHomeTexts.messages[item.text]) : item.brand}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </Page>
  );
}
