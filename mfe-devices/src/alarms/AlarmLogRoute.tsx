// /devices/alarms (docs/product/alarm-log.md): the alarm log of every device the farmer owns or is shared with, or of
// one (?device=), newest first: when each alarm was raised and cleared, who was told by which channel and whether it
// was delivered, and who acknowledged it; "Acknowledge" stops its reminders for everyone. Times are on the device
// owner's clock (the zone the server names, as in the alarm messages).
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router-dom';
import { alarmLogApi, ApiError, failureText } from '@paddock/shared/api';
import type { AlarmOccurrence } from '@paddock/shared/contract';
import { dashboardPath } from '@paddock/shared/domain';
import { Translations, useT } from '@paddock/shared/i18n';
import { activeUserAtom } from '@paddock/shared/session';
import { ALARM_KIND_TEXTS, Alert, alarmKindTexts, Button, Card, Icon, icons, Page } from '@paddock/shared/ui';
import { browserOffline } from '../dashboard/offline/appOffline';
import { alarmLogTexts, CHANNEL_TEXT, EVENT_TEXT, STATUS_TEXT } from './messages';
import { alarmLogPath } from './paths';
import './alarmLog.css';

const m = alarmLogTexts.messages;
const TRANSLATIONS = [alarmLogTexts, alarmKindTexts];

export default function AlarmLogRoute() {
  return (
    <Translations translations={TRANSLATIONS}>
      <AlarmLogPage />
    </Translations>
  );
}

interface LogState {
  occurrences: AlarmOccurrence[];
  next: string | null;
  /** The first page came. */
  loaded: boolean;
  loading: boolean;
  /** Why the last load failed (null: it did not). */
  failure: string | null;
}

const INITIAL: LogState = { occurrences: [], next: null, loaded: false, loading: true, failure: null };

/** What went wrong with a call, in words (the calls are silent: the page says it beside Try again). */
function useFailureText() {
  const intl = useIntl();
  return (error: unknown) => {
    if (!(error instanceof ApiError)) return String(error);
    if (error.serverMessage.trim()) return error.serverMessage;
    const reason = failureText(error.status, error.statusText, error.body);
    return reason ? intl.formatMessage(reason.message, reason.values) : error.statusText;
  };
}

function AlarmLogPage() {
  const t = useT();
  const user = useAtomValue(activeUserAtom);
  const [search] = useSearchParams();
  const device = search.get('device') ?? undefined;
  const [state, setState] = useState<LogState>(INITIAL);
  const [offline, setOffline] = useState(browserOffline);
  const [attempt, setAttempt] = useState(0);
  const reasonOf = useFailureText();

  useEffect(() => {
    const update = () => setOffline(browserOffline());
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);

  // The first page, again after Try again, on coming back online, or for another device.
  useEffect(() => {
    if (!user || offline) return;
    let current = true;
    setState(INITIAL);
    alarmLogApi.list(user.Id, { device }, { silent: true }).then(
      (page) => current && setState({ occurrences: page.Occurrences, next: page.Next, loaded: true, loading: false, failure: null }),
      (error: unknown) => current && setState({ ...INITIAL, loading: false, failure: reasonOf(error) }),
    );
    return () => {
      current = false;
    };
    // reasonOf only words a failure.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [user?.Id, device, offline, attempt]);

  const loadMore = useCallback(async () => {
    if (!user || !state.next) return;
    setState((before) => ({ ...before, loading: true, failure: null }));
    try {
      const page = await alarmLogApi.list(user.Id, { device, cursor: state.next }, { silent: true });
      setState((before) => ({ ...before, occurrences: [...before.occurrences, ...page.Occurrences], next: page.Next, loading: false }));
    } catch (error) {
      setState((before) => ({ ...before, loading: false, failure: reasonOf(error) }));
    }
  }, [user, device, state.next, reasonOf]);

  const replace = (occurrence: AlarmOccurrence) =>
    setState((before) => ({ ...before, occurrences: before.occurrences.map((o) => (o.Id === occurrence.Id ? occurrence : o)) }));

  const deviceName = device ? state.occurrences.find((o) => o.Device.Key === device)?.Device.Name : undefined;
  return (
    <Page
      title={t(m.title)}
      subtitle={device ? (deviceName ? t(m.oneDevice, { name: deviceName }) : undefined) : t(m.allDevices)}
      back={dashboardPath(device)}
    >
      {device ? (
        <p className="pd-alarm-log__scope">
          <Link to={alarmLogPath()}>{t(m.allDevices)}</Link>
        </p>
      ) : null}
      {offline ? <Alert kind="info">{t(m.offline)}</Alert> : null}
      {state.failure ? (
        <Alert actions={<Button onClick={() => (state.loaded ? void loadMore() : setAttempt((n) => n + 1))}>{t(m.retry)}</Button>}>
          {t(m.loadFailed, { reason: state.failure })}
        </Alert>
      ) : null}
      {state.loaded && state.occurrences.length === 0 ? <p className="pd-alarm-log__empty">{t(m.empty)}</p> : null}
      <ol className="pd-alarm-log" aria-label={t(m.title)}>
        {state.occurrences.map((occurrence) => (
          <li key={occurrence.Id}>
            <OccurrenceCard occurrence={occurrence} showDevice={!device} offline={offline} onChange={replace} />
          </li>
        ))}
      </ol>
      {state.next && !offline ? (
        <Button busy={state.loading} disabled={state.loading} onClick={() => void loadMore()}>
          {t(m.loadMore)}
        </Button>
      ) : null}
    </Page>
  );
}

interface OccurrenceCardProps {
  occurrence: AlarmOccurrence;
  showDevice: boolean;
  offline: boolean;
  onChange: (occurrence: AlarmOccurrence) => void;
}

function OccurrenceCard({ occurrence, showDevice, offline, onChange }: OccurrenceCardProps) {
  const t = useT();
  const intl = useIntl();
  const reasonOf = useFailureText();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // On the device owner's clock, the zone named (as the alarm's mail and SMS say it).
  const time = (iso: string) =>
    intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short', timeZone: occurrence.TimeZone }) +
    ` ${zoneName(intl.locale, iso, occurrence.TimeZone)}`;
  const value = valueText(intl, occurrence);

  const acknowledge = async () => {
    setBusy(true);
    setFailure(null);
    try {
      onChange(await alarmLogApi.acknowledge(occurrence.Id, { silent: true }));
    } catch (error) {
      setFailure(reasonOf(error));
    } finally {
      setBusy(false);
    }
  };

  const open = occurrence.ClearedAt === null;
  return (
    <Card
      as="article"
      className={['pd-alarm', open ? 'pd-alarm--open' : ''].filter(Boolean).join(' ')}
      aria-label={t(ALARM_KIND_TEXTS[occurrence.Alarm])}
    >
      <h2 className="pd-alarm__title">
        <Icon icon={open ? icons.warning : icons.checkCircle} size={20} />
        <span>{t(ALARM_KIND_TEXTS[occurrence.Alarm])}</span>
      </h2>
      {showDevice ? (
        <p className="pd-alarm__device">
          <Link to={alarmLogPath(occurrence.Device.Key)}>{occurrence.Device.Name}</Link>
        </p>
      ) : null}
      <p>{t(m.raised, { time: time(occurrence.RaisedAt) })}</p>
      <p>{occurrence.ClearedAt ? t(m.cleared, { time: time(occurrence.ClearedAt) }) : <strong>{t(m.stillOn)}</strong>}</p>
      {value ? <p>{t(m.value, { value })}</p> : null}
      <h3 className="pd-alarm__told">{t(m.toldHeading)}</h3>
      {occurrence.Deliveries.length ? (
        <ul className="pd-alarm__deliveries">
          {occurrence.Deliveries.map((delivery, index) => (
            <li key={index} data-status={delivery.Status}>
              <Icon
                icon={
                  delivery.Status === 'delivered'
                    ? icons.checkCircle
                    : delivery.Status === 'failed'
                      ? icons.error
                      : delivery.Status === 'skipped'
                        ? icons.notificationsPaused
                        : icons.refresh
                }
                size={16}
              />
              <span>
                {delivery.To ? delivery.To.Name.trim() || delivery.To.Email : t(m.someoneElse)} · {t(CHANNEL_TEXT[delivery.Channel])} ·{' '}
                {t(EVENT_TEXT[delivery.Event])} · {t(STATUS_TEXT[delivery.Status])}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="pd-field__hint">{t(m.toldNobody)}</p>
      )}
      {occurrence.AcknowledgedAt ? (
        <p className="pd-alarm__acknowledged">
          {occurrence.AcknowledgedBy
            ? t(m.acknowledgedBy, {
                name: occurrence.AcknowledgedBy.Name.trim() || occurrence.AcknowledgedBy.Email,
                time: time(occurrence.AcknowledgedAt),
              })
            : t(m.acknowledgedByGone, { time: time(occurrence.AcknowledgedAt) })}
        </p>
      ) : (
        <div className="pd-alarm__actions">
          <Button variant="primary" busy={busy} disabled={busy || offline} onClick={() => void acknowledge()}>
            {t(m.acknowledge)}
          </Button>
          <p className="pd-field__hint">{t(m.acknowledgeHint)}</p>
        </div>
      )}
      {failure ? <Alert>{t(m.acknowledgeFailed, { reason: failure })}</Alert> : null}
    </Card>
  );
}

/** The zone's short name at that moment ("CET", "GMT+1"), so a reader elsewhere is never misled. */
function zoneName(locale: string, iso: string, timeZone: string): string {
  return (
    new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' })
      .formatToParts(new Date(iso))
      .find((part) => part.type === 'timeZoneName')?.value ?? ''
  );
}

/** The value the alarm was raised at, in its unit (a FarmCam SIM's data left in MB). */
function valueText(intl: ReturnType<typeof useIntl>, occurrence: AlarmOccurrence): string | null {
  if (occurrence.Value === null || occurrence.Unit === null) return null;
  if (occurrence.Unit === 'B') return `${intl.formatNumber(occurrence.Value / 1_000_000, { maximumFractionDigits: 1 })} MB`;
  return `${intl.formatNumber(occurrence.Value, { maximumFractionDigits: 1 })} ${occurrence.Unit}`;
}
