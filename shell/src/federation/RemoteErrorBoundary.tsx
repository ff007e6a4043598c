import { Component, type ErrorInfo, type ReactNode } from 'react';
import type { RemoteName } from '@paddock/shared/federation';
import { IncompatibleRemoteError, RemoteLoadError } from './errors';
import { SectionNeedsUpdate, SectionUnavailable } from './SectionUnavailable';

interface Props {
  remote: RemoteName;
  /** Clears the error when it changes (a new attempt, another page). */
  resetKey: string;
  /** Retry was pressed; `loadFailed` when the remote's code never arrived (as opposed to crashing while rendering). */
  onRetry: (loadFailed: boolean) => void;
  /** Reload was pressed on "needs an update" (default: reload the page). */
  onReload?: () => void;
  children: ReactNode;
}

interface State {
  error: unknown;
  resetKey: string;
}

/** One per remote: whatever a remote throws — while loading or rendering — stays inside its section. */
export class RemoteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('unknown error') };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    if (!(error instanceof RemoteLoadError)) {
      console.error(`[paddock] the ${this.props.remote} section failed`, error, info.componentStack);
    }
  }

  private retry = () => {
    const loadFailed = this.state.error instanceof RemoteLoadError;
    this.setState({ error: null });
    this.props.onRetry(loadFailed);
  };

  private reload = () => (this.props.onReload ?? (() => window.location.reload()))();

  override render() {
    if (this.state.error instanceof IncompatibleRemoteError) return <SectionNeedsUpdate remote={this.props.remote} onReload={this.reload} />;
    if (this.state.error) return <SectionUnavailable remote={this.props.remote} onRetry={this.retry} />;
    return this.props.children;
  }
}
