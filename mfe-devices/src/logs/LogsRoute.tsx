// The device log pages (docs/product/screens.md), loaded on first visit with their own texts and echarts: the device frame loads
// the device (for its name) and the page shows its charts.
import { Translations } from '@paddock/shared/i18n';
import { DeviceRoute } from '../device/DeviceRoute';
import { LogsPage } from './LogsPage';
import { logsTexts } from './messages';
import { energyTexts } from '../energy/messages';
import './logs.css';

const LOGS_TRANSLATIONS = [logsTexts, energyTexts];

/** /farmcam-sim/{imsi}/logs, /fencealarm/{imei}/logs, /fencealarm2/{imei}/logs, /smartplug/{imei}/logs, /smartplug2/{imei}/logs. */
export default function LogsRoute() {
  return (
    <Translations translations={LOGS_TRANSLATIONS}>
      <DeviceRoute page={LogsPage} />
    </Translations>
  );
}
