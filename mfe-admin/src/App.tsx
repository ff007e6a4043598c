import { Route, Routes } from 'react-router-dom';
import type { RemoteAppProps } from '@paddock/shared/federation';
import { Translations } from '@paddock/shared/i18n';
import { AdminComingSoon, AdminHome } from './home/AdminHome';
import { adminHomeTexts } from './home/messages';
import './home/admin.css';

/** Every text of this remote (a constant, so the catalogues merge once). */
export const ADMIN_TRANSLATIONS = [adminHomeTexts];

/** The admin remote's `./App`: /admin/** (admins only; the shell shows "Page not found" to anyone else). */
export default function App(_props: RemoteAppProps) {
  return (
    <Translations translations={ADMIN_TRANSLATIONS}>
      <Routes>
        <Route path="admin" element={<AdminHome />} />
        <Route path="admin/*" element={<AdminComingSoon />} />
      </Routes>
    </Translations>
  );
}
