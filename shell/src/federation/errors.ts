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

/**
 * A remote whose mf-manifest.json declares a composition contract this shell does not offer
 * (docs/architecture/README.md#composition-contract). Found before any of the remote's code runs; it shows "this
 * section needs an update" instead of crashing. A load failure too: Retry cannot help, reloading the page can.
 */
export class IncompatibleRemoteError extends RemoteLoadError {
  constructor(
    remote: RemoteName,
    /** The contract the remote was built for (`major.minor`), or undefined when its manifest declares none. */
    readonly needs: string | undefined,
    /** The shell's own. */
    readonly offers: string,
  ) {
    super(remote, new Error(`it needs composition contract ${needs ?? '(none declared)'}, this shell offers ${offers}`));
    this.name = 'IncompatibleRemoteError';
    this.message = `The ${remote} section needs composition contract ${needs ?? '(none declared)'}; this shell offers ${offers}`;
  }
}
