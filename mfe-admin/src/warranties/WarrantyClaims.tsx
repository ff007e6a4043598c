// /admin/warranty-claims (docs/product/admin.md "Warranty claims"): each product and serial several accounts claim,
// with every open claim, its claimant and proof of purchase; Accept makes a claim the registration and rejects the
// others, Reject turns down a claim in review. Both ask first; the server mails each claimant.
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { showToast, useLoaded, warrantiesApi } from '@paddock/shared/api';
import type { WarrantyClaim, WarrantyDispute } from '@paddock/shared/contract';
import { PROOF_EXTENSIONS, type WarrantyStatus } from '@paddock/shared/domain';
import { useT } from '@paddock/shared/i18n';
import { Button, Card, ConfirmDialog, LoadedView, Page, Table, saveFile, useActionFailure } from '@paddock/shared/ui';
import { formatDateTime } from '../common/format';
import { adminCommonTexts } from '../common/messages';
import { adminWarrantyTexts } from './messages';
import './warranties.css';

const m = adminWarrantyTexts.messages;
const STATE_TEXTS = { registered: m.registered, pending_review: m.inReview, rejected: m.rejected } as const satisfies Record<
  WarrantyStatus,
  unknown
>;

interface Decision {
  kind: 'accept' | 'reject';
  dispute: WarrantyDispute;
  claim: WarrantyClaim;
}

export function WarrantyClaims() {
  const t = useT();
  const intl = useIntl();
  const c = adminCommonTexts.messages;
  const { loaded, reload } = useLoaded(() => warrantiesApi.claims({ silent: true }), []);
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const [busy, setBusy] = useState(false);
  const failure = useActionFailure();
  const [downloading, setDownloading] = useState<string | null>(null);

  const download = async (dispute: WarrantyDispute, claim: WarrantyClaim) => {
    setDownloading(claim.Id);
    try {
      const blob = await warrantiesApi.proof(claim);
      saveFile(blob, `proof-of-purchase-${dispute.SerialNumber}-${claim.Id.slice(0, 8)}.${PROOF_EXTENSIONS[claim.ProofOfPurchase.Type]}`);
    } catch {
      // the shared failed-reply handler has shown why
    } finally {
      setDownloading(null);
    }
  };

  const decide = async () => {
    if (!deciding) return;
    const { kind, dispute, claim } = deciding;
    const values = { product: dispute.Product, serial: dispute.SerialNumber, email: claim.Email };
    setBusy(true);
    failure.clear();
    try {
      const options = { silent: true };
      await (kind === 'accept' ? warrantiesApi.acceptClaim(claim.Id, options) : warrantiesApi.rejectClaim(claim.Id, options));
      showToast({ kind: 'success', text: t(kind === 'accept' ? m.accepted : m.rejectedToast, values) });
      setDeciding(null);
      reload();
    } catch (error) {
      // Said in the dialog, which stays open (docs/product/errors.md Dialogs); another admin may have decided it, so
      // the list behind is loaded again.
      failure.fail(error);
      reload();
    } finally {
      setBusy(false);
    }
  };

  const claimsTable = (dispute: WarrantyDispute) => (
    <Table<WarrantyClaim>
      caption={t(m.claimsOf, { product: dispute.Product, serial: dispute.SerialNumber })}
      hideCaption
      rows={dispute.Claims}
      rowKey={(claim) => claim.Id}
      columns={[
        { key: 'account', header: t(m.account), cell: (claim) => <span className="pd-admin-warranty__email">{claim.Email}</span> },
        {
          key: 'state',
          header: t(m.state),
          cell: (claim) => <span className="pd-admin-warranty__word">{t(STATE_TEXTS[claim.Status])}</span>,
        },
        { key: 'retailer', header: t(m.retailer), cell: (claim) => claim.Retailer },
        {
          key: 'date',
          header: t(m.dateOfPurchase),
          // A calendar date: shown as the same day everywhere.
          cell: (claim) => intl.formatDate(`${claim.DateOfPurchase}T00:00:00Z`, { dateStyle: 'medium', timeZone: 'UTC' }),
        },
        { key: 'claimed', header: t(m.claimedAt), cell: (claim) => formatDateTime(claim.RegisteredAt, intl.locale) },
        {
          key: 'proof',
          header: t(m.proof),
          cell: (claim) => (
            <Button
              className="pd-admin-warranty__word"
              busy={downloading === claim.Id}
              aria-label={t(m.downloadLabel, { email: claim.Email })}
              onClick={() => void download(dispute, claim)}
            >
              {t(m.download)}
            </Button>
          ),
        },
        {
          key: 'actions',
          header: t(m.actions),
          hideHeader: true,
          align: 'end',
          cell: (claim) => (
            <>
              <Button
                variant="primary"
                aria-label={t(m.acceptLabel, { email: claim.Email })}
                onClick={() => setDeciding({ kind: 'accept', dispute, claim })}
              >
                {t(m.accept)}
              </Button>
              {claim.Status === 'pending_review' ? (
                <Button
                  aria-label={t(m.rejectLabel, { email: claim.Email })}
                  onClick={() => setDeciding({ kind: 'reject', dispute, claim })}
                >
                  {t(m.reject)}
                </Button>
              ) : null}
            </>
          ),
        },
      ]}
    />
  );

  return (
    <Page title={t(m.title)} back="/admin">
      <p>{t(m.intro)}</p>
      <LoadedView loaded={loaded} failedText={(reason) => t(c.loadFailed, { reason })} retryLabel={t(c.retry)} onRetry={reload}>
        {(disputes) =>
          disputes.length === 0 ? (
            <p>{t(m.none)}</p>
          ) : (
            disputes.map((dispute) => {
              const id = `pd-admin-warranty-${dispute.Product}-${dispute.SerialNumber}`.replace(/[^A-Za-z0-9_-]/g, '-');
              return (
                <Card key={`${dispute.Product}/${dispute.SerialNumber}`} aria-labelledby={id}>
                  <h2 id={id} className="pd-admin-warranty__heading">
                    {dispute.Product} {dispute.SerialNumber}
                  </h2>
                  {claimsTable(dispute)}
                </Card>
              );
            })
          )
        }
      </LoadedView>

      <ConfirmDialog
        open={deciding !== null}
        title={t(deciding?.kind === 'reject' ? m.rejectTitle : m.acceptTitle)}
        confirmLabel={t(deciding?.kind === 'reject' ? m.reject : m.accept)}
        danger={deciding?.kind === 'reject'}
        busy={busy}
        error={failure.failure}
        onConfirm={() => void decide()}
        onCancel={() => {
          setDeciding(null);
          failure.clear();
        }}
      >
        {deciding ? (
          <p>
            {t(deciding.kind === 'accept' ? m.acceptText : m.rejectText, {
              product: deciding.dispute.Product,
              serial: deciding.dispute.SerialNumber,
              email: deciding.claim.Email,
            })}
          </p>
        ) : null}
      </ConfirmDialog>
    </Page>
  );
}
