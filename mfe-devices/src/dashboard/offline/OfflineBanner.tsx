import { useIntl } from 'react-intl';
import { dashboardTexts } from '../messages';
import './offline.css';

const m = dashboardTexts.messages;
// Material Symbols "cloud_off" (outlined, 400), drawn here: the shared icon set is federated and stays as it is.
const CLOUD_OFF =
  'M818-56 703-171H248q-88 0-148-59T40-377q0-80 50.5-134T217-577q2-14 6.5-31.5T236-640L70-806l42-42L861-99l-43 43ZM248-231h397L285-591q-11 15-14.5 34t-3.5 37h-19q-62 0-105 39.5t-43 101q0 61.5 43 105T248-231Zm216-181Zm390 210-47-47q25-17 39-38t14-50q0-43-31-73.5T755-441h-67v-81q0-88-61-147.5T478.47-729q-28.47 0-60.97 9T358-691l-42-42q36-29 77.5-42.5T478-789q111 0 190.5 79T748-520v21q72-1 122 45t50 117q0 35-16.5 73.5T854-202ZM583-470Z';

/**
 * "Offline — last updated {time}" above the dashboard's last list (docs/product/installable-app.md): the app has no
 * connection, so the values are the last the server sent and the cards' controls are disabled.
 */
export function OfflineBanner({ lastUpdated }: { lastUpdated: number | null }) {
  const intl = useIntl();
  const time =
    lastUpdated === null ? null : intl.formatDate(lastUpdated, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
  return (
    <div className="pd-app-offline" role="status" data-testid="app-offline">
      <svg className="pd-app-offline__icon" viewBox="0 -960 960 960" aria-hidden="true" focusable="false">
        <path d={CLOUD_OFF} fill="currentColor" />
      </svg>
      <div>
        <p className="pd-app-offline__title">
          {time === null ? intl.formatMessage(m.appOfflineTitle) : intl.formatMessage(m.appOffline, { time })}
        </p>
        <p className="pd-app-offline__hint">{intl.formatMessage(m.appOfflineHint)}</p>
      </div>
    </div>
  );
}
