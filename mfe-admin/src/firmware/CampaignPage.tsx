// /admin/firmware-campaigns/{id} (docs/product/firmware-campaigns.md "Following a campaign"): its image and state (why
// it is paused), a progress bar per stage, the devices with their state, and Pause, Resume and Cancel, each asked
// first. Refreshed every few seconds while the campaign may still change.
import { useCallback, useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { firmwareCampaignsApi, showToast } from '@paddock/shared/api';
import type { CampaignDetail, CampaignDevice } from '@paddock/shared/contract';
import { PRODUCT_INFO } from '@paddock/shared/domain';
import { useT } from '@paddock/shared/i18n';
import {
  Actions,
  Alert,
  Button,
  Card,
  ConfirmDialog,
  failureReason,
  LoadedView,
  Page,
  Table,
  useActionFailure,
  type Loaded,
} from '@paddock/shared/ui';
import { DetailList } from '../common/Details';
import { formatDateTime } from '../common/format';
import { adminCommonTexts } from '../common/messages';
import { CAMPAIGN_STATE_TEXTS, deviceStateText, failureText } from './campaignTexts';
import { CAMPAIGNS_PATH } from './FirmwareCampaigns';
import { adminFirmwareTexts } from './messages';
import './firmware.css';

const m = adminFirmwareTexts.messages;
/** How often the page asks again while the campaign runs (the runner looks every second; devices take seconds to minutes). */
export const CAMPAIGN_REFRESH_MS = 3000;
type Action = 'pause' | 'resume' | 'cancel';
const DIALOGS = {
  pause: { title: m.pauseTitle, text: m.pauseText, confirm: m.pause },
  resume: { title: m.resumeTitle, text: m.resumeText, confirm: m.resume },
  cancel: { title: m.cancelTitle, text: m.cancelText, confirm: m.cancel },
} as const;

export function CampaignPage({ id }: { id: string }) {
  const t = useT();
  const intl = useIntl();
  const c = adminCommonTexts.messages;
  const [loaded, setLoaded] = useState<Loaded<CampaignDetail>>({ state: 'loading' });
  /** Devices of the pages after the first, loaded on demand. */
  const [more, setMore] = useState<{ devices: CampaignDevice[]; next: number | null } | null>(null);
  const [asking, setAsking] = useState<Action | null>(null);
  const [busy, setBusy] = useState(false);
  const failure = useActionFailure();
  /** Why the last refresh failed (null: it did not); shown above what was loaded before. */
  const [refreshError, setRefreshError] = useState<unknown>(null);

  const load = useCallback(async () => {
    try {
      const detail = await firmwareCampaignsApi.get(id, {}, { silent: true });
      setLoaded({ state: 'ready', value: detail });
      setRefreshError(null);
    } catch (error) {
      // A refresh that fails keeps what is shown and says so; the first load shows the failure in place of the page.
      setRefreshError(error);
      setLoaded((current) => (current.state === 'ready' ? current : { state: 'failed', reason: '' }));
    }
  }, [id]);

  useEffect(() => {
    void load();
  }, [load]);
  const live = loaded.state === 'ready' && (loaded.value.Campaign.State === 'running' || loaded.value.Campaign.State === 'paused');
  useEffect(() => {
    if (!live) return;
    const timer = setInterval(() => void load(), CAMPAIGN_REFRESH_MS);
    return () => clearInterval(timer);
  }, [live, load]);

  const act = async () => {
    if (!asking) return;
    setBusy(true);
    failure.clear();
    try {
      const detail = await firmwareCampaignsApi[asking](id, { silent: true });
      setLoaded({ state: 'ready', value: detail });
      setAsking(null);
      showToast({ kind: 'success', text: t(m.changed, { state: t(CAMPAIGN_STATE_TEXTS[detail.Campaign.State]).toLowerCase() }) });
    } catch (error) {
      // Said in the dialog, which stays open (docs/product/errors.md Dialogs); the page behind is loaded again.
      failure.fail(error);
      void load();
    } finally {
      setBusy(false);
    }
  };

  const loadMore = async (after: number) => {
    try {
      const page = await firmwareCampaignsApi.get(id, { after }, { silent: true });
      setMore((current) => ({ devices: [...(current?.devices ?? []), ...page.Devices], next: page.Next }));
    } catch (error) {
      setRefreshError(error);
    }
  };

  const view = (detail: CampaignDetail) => {
    const { Campaign: campaign, StageProgress: stages } = detail;
    const product = PRODUCT_INFO[campaign.Product].name;
    const devices = [...detail.Devices, ...(more?.devices ?? [])];
    const next = more ? more.next : detail.Next;
    const current = stages[campaign.Stage];
    return (
      <>
        {campaign.State === 'paused' ? (
          <Alert kind="info">
            {campaign.PauseReason === 'failures'
              ? t(m.pausedByFailures, { rate: current?.FailureRate ?? 0, stage: campaign.Stage + 1, threshold: campaign.FailureThreshold })
              : t(m.pausedByStaff)}
          </Alert>
        ) : null}
        {refreshError ? <Alert>{t(c.loadFailed, { reason: failureReason(refreshError, t) })}</Alert> : null}
        <Card>
          <DetailList
            items={[
              { id: 'state', label: t(m.state), value: t(CAMPAIGN_STATE_TEXTS[campaign.State]) },
              { id: 'product', label: t(m.product), value: product },
              { id: 'version', label: t(m.version), value: campaign.Version },
              { id: 'url', label: t(m.url), value: <span className="pd-admin-firmware__break">{campaign.Url}</span> },
              { id: 'sha256', label: t(m.sha256), value: <span className="pd-admin-firmware__break">{campaign.Sha256}</span> },
              { id: 'threshold', label: t(m.threshold), value: `${campaign.FailureThreshold} %` },
              {
                id: 'progress',
                label: t(m.progress),
                value: t(m.progressText, { done: campaign.Counts.Done, devices: campaign.Counts.Devices, failed: campaign.Counts.Failed }),
              },
              { id: 'createdBy', label: t(m.createdBy), value: campaign.CreatedBy },
              { id: 'created', label: t(m.created), value: formatDateTime(campaign.CreatedAt, intl.locale) },
            ]}
          />
          {campaign.State === 'running' || campaign.State === 'paused' ? (
            <Actions>
              {campaign.State === 'running' ? <Button onClick={() => setAsking('pause')}>{t(m.pause)}</Button> : null}
              {campaign.State === 'paused' ? (
                <Button variant="primary" onClick={() => setAsking('resume')}>
                  {t(m.resume)}
                </Button>
              ) : null}
              <Button variant="danger" onClick={() => setAsking('cancel')}>
                {t(m.cancel)}
              </Button>
            </Actions>
          ) : null}
        </Card>
        <Card aria-labelledby="pd-admin-firmware-stages">
          <h2 id="pd-admin-firmware-stages">{t(m.stagesHeading)}</h2>
          <ol className="pd-admin-firmware__stages">
            {stages.map((stage, index) => {
              const { Counts: counts } = stage;
              const label = t(m.stageLabel, { stage: index + 1, percent: stage.Percent });
              return (
                <li key={index}>
                  <span className="pd-admin-firmware__stage-label">
                    <span id={`pd-admin-firmware-stage-${index}`}>{label}</span>
                    {index === campaign.Stage && (campaign.State === 'running' || campaign.State === 'paused') ? (
                      <span>{t(m.stageNow)}</span>
                    ) : null}
                  </span>
                  <progress
                    className="pd-admin-firmware__bar"
                    aria-labelledby={`pd-admin-firmware-stage-${index}`}
                    max={Math.max(1, counts.Devices)}
                    value={counts.Done + counts.Failed}
                  />
                  <p className="pd-admin-firmware__counts">
                    {t(m.stageCounts, {
                      done: counts.Done,
                      failed: counts.Failed,
                      under: counts.Sent + counts.Updating,
                      pending: counts.Pending,
                      devices: counts.Devices,
                    })}
                  </p>
                </li>
              );
            })}
          </ol>
        </Card>
        <Card aria-labelledby="pd-admin-firmware-devices">
          <h2 id="pd-admin-firmware-devices">{t(m.devicesHeading)}</h2>
          <Table<CampaignDevice>
            caption={t(m.devicesHeading)}
            hideCaption
            rows={devices}
            rowKey={(device) => device.Key}
            columns={[
              { key: 'device', header: t(m.device), cell: (device) => (device.Name ? `${device.Name} (${device.Key})` : device.Key) },
              { key: 'stage', header: t(m.stage), cell: (device) => device.Stage + 1 },
              { key: 'state', header: t(m.state), cell: (device) => deviceStateText(intl, device) },
              {
                key: 'reason',
                header: t(m.reason),
                cell: (device) => <span className="pd-admin-firmware__break">{failureText(intl, device)}</span>,
              },
            ]}
          />
          {next !== null ? (
            <Actions>
              <Button onClick={() => void loadMore(next)}>{t(m.moreDevices)}</Button>
            </Actions>
          ) : null}
        </Card>
        <ConfirmDialog
          open={asking !== null}
          title={asking ? t(DIALOGS[asking].title) : ''}
          confirmLabel={asking ? t(DIALOGS[asking].confirm) : ''}
          cancelLabel={t(m.keepRunning)}
          danger={asking === 'cancel'}
          busy={busy}
          error={failure.failure}
          onConfirm={() => void act()}
          onCancel={() => {
            setAsking(null);
            failure.clear();
          }}
        >
          {asking ? <p>{t(DIALOGS[asking].text)}</p> : null}
        </ConfirmDialog>
      </>
    );
  };

  const title =
    loaded.state === 'ready'
      ? t(m.campaignTitle, { product: PRODUCT_INFO[loaded.value.Campaign.Product].name, version: loaded.value.Campaign.Version })
      : t(m.title);
  return (
    <Page title={title} back={CAMPAIGNS_PATH}>
      <LoadedView loaded={loaded} failedText={() => t(c.loadFailed, { reason: failureReason(refreshError, t) })} retryLabel={t(c.retry)} onRetry={() => void load()}>
        {view}
      </LoadedView>
    </Page>
  );
}
