import { useIntl } from 'react-intl';
import type { ConfigSync } from '@paddock/shared/contract';
import { configSyncStatus } from '@paddock/shared/domain';
import { Icon, icons } from '@paddock/shared/ui';
import { settingsTexts } from './messages';

const m = settingsTexts.messages;

/** Whether the device runs the settings last saved: waiting while Pending, else when it applied them. */
export function ConfigSyncLine({ sync }: { sync: ConfigSync | null | undefined }) {
  const intl = useIntl();
  const status = configSyncStatus(sync);
  if (!status) return null;
  const text =
    status.kind === 'pending'
      ? intl.formatMessage(m.syncPending)
      : intl.formatMessage(m.syncApplied, {
          time: intl.formatDate(status.at, { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' }),
        });
  return (
    <p className={`pd-settings__sync pd-settings__sync--${status.kind}`} role="status">
      {status.kind === 'pending' ? <span className="pd-spinner" aria-hidden="true" /> : <Icon icon={icons.checkCircle} />}
      <span>{text}</span>
    </p>
  );
}
