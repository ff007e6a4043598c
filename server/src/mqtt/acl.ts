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
