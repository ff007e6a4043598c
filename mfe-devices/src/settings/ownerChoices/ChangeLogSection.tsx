import { useEffect, useState } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { devicesApi } from '@paddock/shared/api';
import type { DeviceChangeEntry } from '@paddock/shared/contract';
import type { ProductId } from '@paddock/shared/domain';
import { useT } from '@paddock/shared/i18n';
import { FoldSection, Table, type TableColumn } from '@paddock/shared/ui';
import { ownerChoicesTexts } from './messages';
import './ownerChoices.css';

const m = ownerChoicesTexts.messages;

/** How long the server keeps changes (server/src/devices/changeLog.ts CHANGE_LOG_DAYS). */
const KEPT_DAYS = 90;

/** The product settings the log names in words; any other by its field name. */
const SETTING_NAMES: Record<string, MessageDescriptor> = {
  Timer: m.settingTimer,
  Thermostat: m.settingThermostat,
  BeepEnabled: m.settingBeep,
  'DeviceConfig.AuditoryFeedback': m.settingSound,
};
const POWER_FIELDS = ['PowerEnabled', 'DeviceConfig.OutputPower'];
const OWN_FIELDS = ['Name', 'Tags', 'Notify', ...POWER_FIELDS];

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; changes: DeviceChangeEntry[] };

/**
 * docs/product/roles.md "Change log": for the owner, what the people the device is shared with changed (date, person,
 * what), newest first, from GET /{collection}/{key}/changes. Nothing is shown to anyone else.
 */
export function ChangeLogSection({ product, deviceKey, isOwner }: { product: ProductId; deviceKey: string; isOwner: boolean }) {
  const t = useT();
  const intl = useIntl();
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  useEffect(() => {
    if (!isOwner) return;
    let stopped = false;
    devicesApi.changes(product, deviceKey, { background: true, silent: true }).then(
      (changes) => !stopped && setLoad({ state: 'ready', changes }),
      () => !stopped && setLoad({ state: 'failed' }),
    );
    return () => {
      stopped = true;
    };
  }, [product, deviceKey, isOwner]);

  if (!isOwner) return null;

  const what = (change: DeviceChangeEntry): string[] => {
    const lines: string[] = [];
    if (change.Name) lines.push(t(m.renamed, { from: change.Name.From, to: change.Name.To }));
    if (change.Fields.includes('Tags')) lines.push(t(m.tagsChanged));
    if (change.Notify !== undefined) lines.push(t(change.Notify ? m.notifyOn : m.notifyOff));
    if (change.Fields.some((field) => POWER_FIELDS.includes(field))) lines.push(t(m.powerSwitched));
    const settings = change.Fields.filter((field) => !OWN_FIELDS.includes(field)).map((field) =>
      SETTING_NAMES[field] ? t(SETTING_NAMES[field]) : field,
    );
    if (settings.length) lines.push(t(m.settingsChanged, { settings: intl.formatList(settings, { type: 'conjunction' }) }));
    return lines;
  };

  const columns: TableColumn<DeviceChangeEntry>[] = [
    { key: 'when', header: t(m.columnWhen), cell: (change) => intl.formatDate(change.At, { dateStyle: 'medium', timeStyle: 'short' }) },
    { key: 'who', header: t(m.columnWho), cell: (change) => change.By },
    {
      key: 'what',
      header: t(m.columnWhat),
      cell: (change) => (
        <ul className="pd-changes__what">
          {what(change).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ),
    },
  ];

  return (
    <FoldSection className="pd-settings__section" title={t(m.changesHeading)} defaultOpen={false}>
      {load.state === 'failed' ? <p className="pd-settings__text">{t(m.changesFailed)}</p> : null}
      {load.state === 'ready' && load.changes.length === 0 ? (
        <p className="pd-settings__text">{t(m.changesNone, { days: KEPT_DAYS })}</p>
      ) : null}
      {load.state === 'ready' && load.changes.length > 0 ? (
        <Table
          caption={t(m.changesCaption)}
          hideCaption
          columns={columns}
          rows={load.changes}
          rowKey={(change) => `${change.At} ${change.By}`}
        />
      ) : null}
    </FoldSection>
  );
}
