import { useAtomValue } from 'jotai';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import { useT } from '@paddock/shared/i18n';
import { STORAGE_KEYS, userAtom } from '@paddock/shared/session';
import { Actions, Button, Card, Page, icons } from '@paddock/shared/ui';
import { connectionTexts } from './messages';
import { supportHost, supportUrl } from './support';

/** Reloads the app from its root (docs/product/errors.md "Try again"). */
export function reloadAppRoot(): void {
  window.location.assign('/');
}

/**
 * Whether the dashboard keeps a device list of `userId` in this browser (written by the devices remote,
 * docs/product/installable-app.md), which /devices shows without a network.
 */
export function hasKeptDeviceList(userId: string | undefined): boolean {
  if (!userId) return false;
  try {
    const kept = JSON.parse(window.localStorage.getItem(STORAGE_KEYS.lastDeviceList) ?? 'null') as { UserId?: unknown } | null;
    return kept?.UserId === userId;
  } catch {
    return false;
  }
}

/**
 * The connection-failure message of docs/product/errors.md with "Try again": the /connection-error page, and what replaces the
 * page content when a request times out.
 */
export function ConnectionFailed({ onTryAgain = reloadAppRoot }: { onTryAgain?: () => void }) {
  const t = useT();
  // Offline, the dashboard still shows the last list it kept: one tap away (docs/product/installable-app.md).
  const keptList = hasKeptDeviceList(useAtomValue(userAtom)?.Id);
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
        <Actions>
          <Button variant="primary" icon={icons.refresh} onClick={onTryAgain}>
            {t(connectionTexts.messages.tryAgain)}
          </Button>
          {keptList ? (
            <Link className="pd-btn pd-btn--ghost" to="/devices">
              {t(connectionTexts.messages.keptList)}
            </Link>
          ) : null}
        </Actions>
      </Card>
    </Page>
  );
}
