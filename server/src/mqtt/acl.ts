// Who may use which topic on the embedded broker (docs/protocol.md, Signing in): a device publishes
// only below devices/{key}/up/ and subscribes only below devices/{key}/down/; the server may do anything but
// publish on $SYS. The same rules as Mosquitto's `pattern write devices/%u/up/#` and `pattern read devices/%u/down/#`.

export type BrokerIdentity = { kind: 'server' } | { kind: 'device'; key: string };

const isBelow = (topic: string, root: string) => topic === root || topic.startsWith(`${root}/`);
/** A key is a plain topic level: never a wildcard, separator or system prefix. */
const isPlainLevel = (key: string) => key.length > 0 && !/[/+#]/.test(key) && !key.startsWith('$');

export function mayPublish(identity: BrokerIdentity, topic: string): boolean {
  if (identity.kind === 'server') return !topic.startsWith('$SYS');
  return isPlainLevel(identity.key) && topic.startsWith(`devices/${identity.key}/up/`) && !/[+#]/.test(topic);
}

/** `topic` is a subscription filter; wildcards are fine as long as they stay below the device's own down/. */
export function maySubscribe(identity: BrokerIdentity, topic: string): boolean {
  if (identity.kind === 'server') return true;
  return isPlainLevel(identity.key) && isBelow(topic, `devices/${identity.key}/down`);
}

/** The server's downlinks that docs/protocol.md marks retained: one configuration and one firmware request per device. */
const RETAINED_DOWNLINK = /^devices\/[^/+#]+\/down\/(config|fota)$/;

/**
 * Whether the embedded broker keeps `topic` as a retained message (it keeps them in memory for the life of the
 * process). Only the server's configuration and firmware requests, which it clears when a device is unregistered, so
 * the store stays at most two messages per registered device. A device's retained status serves the subscribers of an
 * external broker; on the embedded one the gateway takes it before the PUBACK and no one else may read it
 * (docs/architecture/README.md#fleet-scale).
 */
export function mayRetain(identity: BrokerIdentity, topic: string): boolean {
  return identity.kind === 'server' && RETAINED_DOWNLINK.test(topic);
}
