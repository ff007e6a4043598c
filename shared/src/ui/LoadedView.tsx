import type { ReactNode } from 'react';
import { Alert } from './Alert';
import { Button } from './Button';
import { useT } from '../i18n/LocaleProvider';
import { uiTexts } from './messages';
import * as icons from './icons';

/** Data a screen loads: still loading, failed (the reason in words), or there. */
export type Loaded<T> = { state: 'loading' } | { state: 'failed'; reason: string } | { state: 'ready'; value: T };

export interface LoadedViewProps<T> {
  loaded: Loaded<T>;
  /** The failure line, in the screen's words (e.g. "The list could not be loaded: {reason}"). */
  failedText: (reason: string) => string;
  retryLabel: string;
  onRetry: () => void;
  /** What is shown once the data is there. */
  children: (value: T) => ReactNode;
}

/**
 * The three states of loaded data, the same on every screen (docs/product/errors.md: say why, offer Try again):
 * a status line while loading, the reason with a retry button, or the content.
 */
export function LoadedView<T>({ loaded, failedText, retryLabel, onRetry, children }: LoadedViewProps<T>) {
  const t = useT();
  if (loaded.state === 'loading') {
    return (
      <p role="status" className="pd-loading">
        <span className="pd-spinner" aria-hidden="true" /> {t(uiTexts.messages.loading)}
      </p>
    );
  }
  if (loaded.state === 'failed') {
    return (
      <Alert
        actions={
          <Button icon={icons.refresh} onClick={onRetry}>
            {retryLabel}
          </Button>
        }
      >
        {failedText(loaded.reason)}
      </Alert>
    );
  }
  return <>{children(loaded.value)}</>;
}
