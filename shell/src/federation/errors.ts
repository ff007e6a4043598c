import type { RemoteName } from '@paddock/shared/federation';

/** A remote's App could not be loaded (remotes.json entry missing, manifest or script unreachable, chunk failed). */
export class RemoteLoadError extends Error {
  constructor(
    readonly remote: RemoteName,
    override readonly cause?: unknown,
  ) {
    super(`The ${remote} section could not be loaded${cause instanceof Error ? `: ${cause.message}` : ''}`);
    this.name = 'RemoteLoadError';
  }
}
