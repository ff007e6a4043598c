import type { RemoteName } from '@paddock/shared/federation';
import { useT } from '@paddock/shared/i18n';
import { Button, Card, Page, appName, icons } from '@paddock/shared/ui';
import { federationTexts } from './messages';

/** The card shown in place of a section (remote) that failed to load or crashed, with Retry. */
export function SectionUnavailable({ remote, onRetry }: { remote: RemoteName; onRetry: () => void }) {
  const t = useT();
  const section = t(federationTexts.messages[remote]);
  return (
    <Page title={section} narrow>
      <Card role="alert" className="pd-shell-unavailable">
        <h2>{t(federationTexts.messages.unavailableTitle)}</h2>
        <p>{t(federationTexts.messages.unavailableText, { section, app: appName() })}</p>
        <Button variant="primary" icon={icons.refresh} onClick={onRetry}>
          {t(federationTexts.messages.retry)}
        </Button>
      </Card>
    </Page>
  );
}

/**
 * The card shown in place of a section whose remote needs a composition contract this shell does not offer
 * (docs/architecture/README.md#composition-contract). Retry would load the same shell again; reloading the page
 * may bring a newer one.
 */
export function SectionNeedsUpdate({ remote, onReload }: { remote: RemoteName; onReload: () => void }) {
  const t = useT();
  const section = t(federationTexts.messages[remote]);
  return (
    <Page title={section} narrow>
      <Card role="alert" className="pd-shell-unavailable">
        <h2>{t(federationTexts.messages.updateTitle)}</h2>
        <p>{t(federationTexts.messages.updateText, { section, app: appName() })}</p>
        <Button variant="primary" icon={icons.refresh} onClick={onReload}>
          {t(federationTexts.messages.reload)}
        </Button>
      </Card>
    </Page>
  );
}

/** Shown while a section's code loads. */
export function SectionLoading({ remote }: { remote: RemoteName }) {
  const t = useT();
  return (
    <div className="pd-shell-section-loading" role="status" aria-live="polite">
      <span className="pd-spinner" aria-hidden="true" />
      <span>{t(federationTexts.messages.loading, { section: t(federationTexts.messages[remote]) })}</span>
    </div>
  );
}
