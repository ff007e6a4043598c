// FenceAlarm2 firmware as the device reports it: its version, and an update under way with its status and progress.
import { useIntl } from 'react-intl';
import type { Fencealarm2 } from '@paddock/shared/contract';
import { useT } from '@paddock/shared/i18n';
import { Alert, Card } from '@paddock/shared/ui';
import { adminDeviceTexts } from './messages';

const STATUS_TEXT = {
  requested: adminDeviceTexts.messages.statusRequested,
  downloading: adminDeviceTexts.messages.statusDownloading,
  installing: adminDeviceTexts.messages.statusInstalling,
} as const;

export function FirmwareStatus({ device }: { device: unknown }) {
  const t = useT();
  const intl = useIntl();
  const m = adminDeviceTexts.messages;
  const firmware = (device as Partial<Fencealarm2>).Firmware;
  const pending = firmware?.Pending ?? null;
  const progress = pending ? Math.max(0, Math.min(100, Math.round(pending.Progress))) : 0;
  return (
    <Card aria-label={t(m.firmware)}>
      <h2>{t(m.firmware)}</h2>
      <p>{firmware?.Version ? t(m.firmwareVersion, { version: firmware.Version }) : t(m.firmwareUnknown)}</p>
      {pending ? (
        <div role="status">
          <p>{t(m.updateStatus, { status: t(STATUS_TEXT[pending.Status as keyof typeof STATUS_TEXT] ?? m.statusRequested) })}</p>
          <progress className="pd-admin-progress" max={100} value={progress} aria-label={t(m.updateProgress)} />{' '}
          <span>{intl.formatNumber(progress / 100, { style: 'percent' })}</span>
        </div>
      ) : (
        <p>{t(m.noUpdate)}</p>
      )}
      {firmware?.LastError ? <Alert>{t(m.lastError, { error: firmware.LastError })}</Alert> : null}
    </Card>
  );
}
