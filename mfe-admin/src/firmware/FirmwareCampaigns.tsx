// /admin/firmware-campaigns (docs/product/firmware-campaigns.md): every campaign, newest first, with its state and how
// far it got; New campaign opens the form.
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { firmwareCampaignsApi, useLoaded } from '@paddock/shared/api';
import type { CampaignSummary } from '@paddock/shared/contract';
import { PRODUCT_INFO } from '@paddock/shared/domain';
import { useT } from '@paddock/shared/i18n';
import { Actions, LoadedView, Page, Table } from '@paddock/shared/ui';
import { formatDateTime } from '../common/format';
import { adminCommonTexts } from '../common/messages';
import { CAMPAIGN_STATE_TEXTS } from './campaignTexts';
import { adminFirmwareTexts } from './messages';
import './firmware.css';

const m = adminFirmwareTexts.messages;
export const CAMPAIGNS_PATH = '/admin/firmware-campaigns';
export const campaignPath = (id: string) => `${CAMPAIGNS_PATH}/${encodeURIComponent(id)}`;

export function FirmwareCampaigns() {
  const t = useT();
  const intl = useIntl();
  const c = adminCommonTexts.messages;
  const { loaded, reload } = useLoaded(() => firmwareCampaignsApi.list({ silent: true }), []);
  return (
    <Page title={t(m.title)} back="/admin">
      <p>{t(m.intro)}</p>
      <Actions>
        <Link className="pd-btn pd-btn--primary" to={`${CAMPAIGNS_PATH}/new`}>
          {t(m.newCampaign)}
        </Link>
      </Actions>
      <LoadedView loaded={loaded} failedText={(reason) => t(c.loadFailed, { reason })} retryLabel={t(c.retry)} onRetry={reload}>
        {({ Campaigns }) =>
          Campaigns.length === 0 ? (
            <p>{t(m.none)}</p>
          ) : (
            <Table<CampaignSummary>
              caption={t(m.listCaption)}
              hideCaption
              rows={Campaigns}
              rowKey={(campaign) => campaign.Id}
              columns={[
                { key: 'product', header: t(m.product), cell: (campaign) => PRODUCT_INFO[campaign.Product].name },
                {
                  key: 'version',
                  header: t(m.version),
                  cell: (campaign) => <span className="pd-admin-firmware__break">{campaign.Version}</span>,
                },
                { key: 'state', header: t(m.state), cell: (campaign) => t(CAMPAIGN_STATE_TEXTS[campaign.State]) },
                {
                  key: 'progress',
                  header: t(m.progress),
                  cell: (campaign) =>
                    t(m.progressText, { done: campaign.Counts.Done, devices: campaign.Counts.Devices, failed: campaign.Counts.Failed }),
                },
                { key: 'created', header: t(m.created), cell: (campaign) => formatDateTime(campaign.CreatedAt, intl.locale) },
                {
                  key: 'open',
                  header: t(m.open),
                  hideHeader: true,
                  align: 'end',
                  cell: (campaign) => (
                    <Link
                      className="pd-btn pd-btn--secondary"
                      to={campaignPath(campaign.Id)}
                      aria-label={t(m.openLabel, { product: PRODUCT_INFO[campaign.Product].name, version: campaign.Version })}
                    >
                      {t(m.open)}
                    </Link>
                  ),
                },
              ]}
            />
          )
        }
      </LoadedView>
    </Page>
  );
}
