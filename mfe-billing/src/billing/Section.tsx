import { useId, type ReactNode } from 'react';
import { useT } from '@paddock/shared/i18n';
import { LoadedView, type Loaded } from '@paddock/shared/ui';
import { billingTexts } from './messages';

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
      <LoadedView loaded={loaded} failedText={(reason) => t(m.loadFailed, { reason })} retryLabel={t(m.retry)} onRetry={retry}>
        {children}
      </LoadedView>
    </section>
  );
}
