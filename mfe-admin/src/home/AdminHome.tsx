import { Link } from 'react-router-dom';
import { useT } from '@paddock/shared/i18n';
import { Card, Page } from '@paddock/shared/ui';
import { adminHomeTexts } from './messages';

type MenuKey = 'user' | 'farmcamSim' | 'fencealarm' | 'fencealarm2' | 'smartplug' | 'notices' | 'stats';

/** docs/product/screens.md /admin: menu buttons User, FarmCam SIM, FenceAlarm, FenceAlarm2, SmartPlug, Notices, Stats. */
export const ADMIN_MENU: { key: MenuKey; to: string }[] = [
  { key: 'user', to: '/admin/user' },
  { key: 'farmcamSim', to: '/admin/farmcam-sim' },
  { key: 'fencealarm', to: '/admin/fencealarm' },
  { key: 'fencealarm2', to: '/admin/fencealarm2' },
  { key: 'smartplug', to: '/admin/smartplug' },
  { key: 'notices', to: '/admin/notices' },
  { key: 'stats', to: '/admin/stats' },
];

export function AdminHome() {
  const t = useT();
  return (
    <Page title={t(adminHomeTexts.messages.title)}>
      <nav aria-label={t(adminHomeTexts.messages.menu)}>
        <ul className="pd-admin-menu">
          {ADMIN_MENU.map((item) => (
            <li key={item.key}>
              <Link className="pd-btn pd-btn--secondary pd-admin-menu__button" to={item.to}>
                {t(adminHomeTexts.messages[item.key])}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </Page>
  );
}

/** Admin pages that are not built yet. */
export function AdminComingSoon() {
  const t = useT();
  return (
    <Page title={t(adminHomeTexts.messages.title)} back="/admin" narrow>
      <Card>
        <p>{t(adminHomeTexts.messages.comingSoon)}</p>
      </Card>
    </Page>
  );
}
