// The shell's side of the versioned composition contract (docs/architecture/README.md#composition-contract): each
// remote's build writes the contract it was built for into its mf-manifest.json (`metaData.paddock.contract`); this
// runtime plugin reads it as the runtime loads the manifest — before the remote's entry or any of its code — and
// refuses a remote this shell cannot host, so its section shows "needs an update" instead of crashing.
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { contractCompatible, FEDERATION_CONTRACT } from '@paddock/shared/federation';
import { IncompatibleRemoteError } from './errors';
import { remoteOfRequest } from './remoteFailurePlugin';

/** The contract a manifest declares, or undefined (a remote built before contracts were declared). */
export function declaredContract(manifestJson: unknown): string | undefined {
  const metaData = (manifestJson as { metaData?: { paddock?: { contract?: unknown } } } | null | undefined)?.metaData;
  const contract = metaData?.paddock?.contract;
  return typeof contract === 'string' ? contract : undefined;
}

/** Throws IncompatibleRemoteError when the manifest of `remote` asks for a contract `offers` does not satisfy. */
export function checkRemoteContract(containerOrRemote: string, manifestJson: unknown, offers: string = FEDERATION_CONTRACT): void {
  const remote = remoteOfRequest(containerOrRemote);
  if (!remote) return;
  const needs = declaredContract(manifestJson);
  if (!contractCompatible(offers, needs)) throw new IncompatibleRemoteError(remote, needs, offers);
}

export function contractPlugin(offers: string = FEDERATION_CONTRACT): ModuleFederationRuntimePlugin {
  return {
    name: 'paddock-composition-contract',
    // Runs once per manifest (the runtime keeps the answer, a refusal too, until the remote is registered again).
    async loadRemoteSnapshot(args) {
      if (args.from === 'manifest') checkRemoteContract(args.moduleInfo.name, args.manifestJson, offers);
      return args;
    },
  };
}
