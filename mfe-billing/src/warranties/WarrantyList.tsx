import { useState } from 'react';
import { useIntl } from 'react-intl';
import { ApiError, showToast, warrantiesApi } from '@paddock/shared/api';
import type { Warranty } from '@paddock/shared/contract';
import type { WarrantyStatus } from '@paddock/shared/domain';
import { useT } from '@paddock/shared/i18n';
import { Button, Table, saveFile, type TableColumn } from '@paddock/shared/ui';
import { proofFileName } from './proofFile';
import { warrantiesTexts } from './messages';

const m = warrantiesTexts.messages;
// One product and serial may be listed twice (a rejected claim and a new one): the claim's Id tells them apart.
const keyOf = (warranty: Warranty) => warranty.Id;

/** docs/product/states.md "Warranty review". */
export const STATUS_TEXTS = {
  registered: m.statusRegistered,
  pending_review: m.statusPendingReview,
  rejected: m.statusRejected,
} as const satisfies Record<WarrantyStatus, unknown>;

/** The account's warranties (docs/product/screens.md /warranties), each with its proof of purchase to download. */
export function WarrantyList({ warranties }: { warranties: readonly Warranty[] }) {
  const t = useT();
  const intl = useIntl();
  const [downloading, setDownloading] = useState<string | null>(null);

  async function download(warranty: Warranty) {
    setDownloading(keyOf(warranty));
    try {
      const blob = await warrantiesApi.proof(warranty, { silent: true });
      saveFile(blob, proofFileName(warranty.SerialNumber, warranty.ProofOfPurchase.Type));
    } catch (error) {
      const reason = error instanceof ApiError ? error.serverMessage || `${error.status} ${error.statusText}` : t(m.unexpected);
      showToast({ kind: 'error', text: t(m.downloadFailed, { reason }) });
    } finally {
      setDownloading(null);
    }
  }

  const columns: TableColumn<Warranty>[] = [
    { key: 'product', header: t(m.product), cell: (w) => w.Product },
    { key: 'serial', header: t(m.serialNumber), cell: (w) => <span className="pd-warranties__serial">{w.SerialNumber}</span> },
    { key: 'retailer', header: t(m.retailer), cell: (w) => w.Retailer },
    {
      key: 'date',
      header: t(m.dateOfPurchase),
      // A calendar date: shown as the same day everywhere.
      cell: (w) => intl.formatDate(`${w.DateOfPurchase}T00:00:00Z`, { dateStyle: 'medium', timeZone: 'UTC' }),
    },
    {
      key: 'status',
      header: t(m.status),
      cell: (w) => <span className={`pd-warranties__status pd-warranties__status--${w.Status}`}>{t(STATUS_TEXTS[w.Status])}</span>,
    },
    {
      key: 'proof',
      header: t(m.proofOfPurchase),
      align: 'end',
      cell: (w) => (
        <Button
          busy={downloading === keyOf(w)}
          aria-label={t(m.downloadLabel, { serial: `${w.Product} ${w.SerialNumber}` })}
          onClick={() => void download(w)}
        >
          {t(m.download)}
        </Button>
      ),
    },
  ];

  return (
    <>
      <Table caption={t(m.listHeading)} hideCaption columns={columns} rows={warranties} rowKey={keyOf} />
      {warranties.some((w) => w.Status === 'pending_review') ? <p className="pd-warranties__note">{t(m.reviewNote)}</p> : null}
    </>
  );
}
