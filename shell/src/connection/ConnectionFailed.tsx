import { FormattedMessage } from 'react-intl';
import { useT } from '@paddock/shared/i18n';
import { Button, Card, Page, icons } from '@paddock/shared/ui';
import { connectionTexts } from './messages';
import { supportHost, supportUrl } from './support';

/** Reloads the app from its root (docs/product/errors.md "Try again"). */
export function reloadAppRoot(): void {
  window.location.assign('/');
}

/**
 * The connection-failure message of docs/product/errors.md with "Try again": the /connection-error page, and what replaces the
 * page content when a request times out.
 */
export function ConnectionFailed({ onTryAgain = reloadAppRoot }: { onTryAgain?: () => void }) {
  const t = useT();
  return (
    <Page title={t(connectionTexts.messages.title)} narrow>
      <Card role="alert">
        <p>
          <FormattedMessage
            {...connectionTexts.messages.message}
            values={{
              host: (
                <a href={supportUrl()} target="_blank" rel="noopener noreferrer">
                  {supportHost()}
                </a>
              ),
            }}
          />
        </p>
        <Button variant="primary" icon={icons.refresh} onClick={onTryAgain}>
          {t(connectionTexts.messages.tryAgain)}
        </Button>
      </Card>
    </Page>
  );
}
