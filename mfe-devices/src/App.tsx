import { Route, Routes } from 'react-router-dom';
import type { RemoteAppProps } from '@paddock/shared/federation';
import { Translations } from '@paddock/shared/i18n';
import { Dashboard } from './dashboard/Dashboard';
import { dashboardTexts } from './dashboard/messages';
import { ComingSoon } from './placeholder/ComingSoon';
import { placeholderTexts } from './placeholder/messages';

/** Every text of this remote (a constant, so the catalogues merge once). */
export const DEVICES_TRANSLATIONS = [dashboardTexts, placeholderTexts];

/**
 * The devices remote's `./App`: /devices and every device page (SPEC §2). The shell provides the router, the
 * session store, the locale and the guards; paths here are relative to '/'.
 */
export default function App(_props: RemoteAppProps) {
  return (
    <Translations translations={DEVICES_TRANSLATIONS}>
      <Routes>
        <Route path="devices" element={<Dashboard />} />
        <Route path="*" element={<ComingSoon />} />
      </Routes>
    </Translations>
  );
}
