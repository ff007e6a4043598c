import { useId, type ReactNode } from 'react';
import { useT } from '@paddock/shared/i18n';
import { Alert, Button } from '@paddock/shared/ui';
import { billingTexts } from './messages';
import type { Loaded } from './useLoaded';

const m = billingTexts.messages;

export interface BillingSectionProps<T> {
  title: string;
  loaded: Loaded<T>;
  retry: () => void;
  /** The section's content once its data is there. */
  children: (value: T) => ReactNode;
  /** Shown beside the heading (e.g. the section's action). */
  action?: ReactNode;
}

/** A card of /billing with its h2 and its own loading and failure states (docs/product/errors.md: say why, offer Try again). */
export function BillingSection<T>({ title, loaded, retry, children, action }: BillingSectionProps<T>) {
  const t = useT();
  const headingId = useId();
  return (
    <section className="pd-card pd-billing__section" aria-labelledby={headingId} aria-busy={loaded.state === 'loading' || undefined}>
      <div className="pd-billing__header">
        <h2 id={headingId} className="pd-billing__heading">
          {title}
        </h2>
        {action}
      </div>
      {loaded.state === 'loading' ? (
        <p role="status" className="pd-billing__text">
          <span className="pd-spinner" aria-hidden="true" /> {t(m.loading)}
        </p>
      ) : loaded.state === 'failed' ? (
        <Alert
          actions={
            <Button icon="refresh" onClick={retry}>
              {t(m.retry)}
            </Button>
          }
        >
          {t(m.loadFailed, { reason: loaded.reason })}
        </Alert>
      ) : (
        children(loaded.value)
      )}
    </section>
  );
}
