import { Route, Routes } from 'react-router-dom';
import type { RemoteAppProps } from '@paddock/shared/federation';
import { Translations } from '@paddock/shared/i18n';
import { NotFound, renewalTexts } from '@paddock/shared/ui';
import { Billing } from './billing/Billing';
import { billingTexts } from './billing/messages';
import { warrantiesTexts } from './warranties/messages';
import { Warranties } from './warranties/Warranties';

/** Every text of this remote (a constant, so the catalogues merge once). */
export const BILLING_TRANSLATIONS = [warrantiesTexts, billingTexts, renewalTexts];

/** The billing remote's `./App`: /warranties and /billing (paths relative to '/'); anything else below is 'Page not found'. */
export default function App(_props: RemoteAppProps) {
  return (
    <Translations translations={BILLING_TRANSLATIONS}>
      <Routes>
        <Route path="warranties" element={<Warranties />} />
        <Route path="billing" element={<Billing />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </Translations>
  );
}
