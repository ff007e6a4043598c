// The work that runs on one server instance at a time, each under its lease (jobs/lease.ts,
// docs/architecture/scale-out.md): the device simulator, and on PostgreSQL the embedded broker. Everything else in
// the background (offline sweep, notification worker, renewals) claims rows with FOR UPDATE SKIP LOCKED and runs
// on every instance.
import type { Db } from '../db/client';
import { acquireLease, holdWhileAlive, LeaseHeldError, type HeldLease, type LeaseLog } from './lease';

export const SIMULATOR_LEASE = 'simulator';
export const EMBEDDED_BROKER_LEASE = 'embedded-broker';

export interface SingletonOptions {
  db: Db;
  /** This instance (instance.ts newInstanceId). */
  holder: string;
  ttlMs: number;
  log: LeaseLog;
}

/** Why a second instance does not start its embedded broker on a database that has one already. */
export function embeddedBrokerRefusal(holder: string | null): string {
  return [
    `Another Paddock instance${holder ? ` (${holder})` : ''} runs the embedded MQTT broker on this database; this one does not start.`,
    "The embedded broker is the single-box mode: a device connected to one instance's broker would never get a configuration or command sent through another instance.",
    'To run several instances, give all of them one external broker: set MQTT_URL and AMQP_URL (docs/architecture/scale-out.md).',
  ].join('\n');
}

/**
 * Takes the embedded broker's lease before the broker starts, and holds it while it runs (stop() releases it).
 * Throws with embeddedBrokerRefusal's message while another live instance holds it; one that was killed is waited
 * out (a restart after a crash starts at most a TTL later).
 */
export async function holdEmbeddedBroker(options: SingletonOptions): Promise<HeldLease> {
  const { log } = options;
  let seenHolder: string | null = null;
  try {
    return await acquireLease({
      ...options,
      name: EMBEDDED_BROKER_LEASE,
      // The broker goes on running whatever happens to the lease: a lapse (a stalled process or database) only says so.
      onLost: (reason) => {
        if (reason !== 'stopping') log.info({ lease: EMBEDDED_BROKER_LEASE, reason }, 'embedded broker lease lapsed; claiming it again');
      },
      onAcquired: () => log.info({ lease: EMBEDDED_BROKER_LEASE }, 'embedded broker lease held again'),
      // Taken by another instance meanwhile (it started during the lapse): two embedded brokers on one database.
      onRefused: (claim) => {
        if (claim.holder === seenHolder) return;
        seenHolder = claim.holder;
        log.error(
          { lease: EMBEDDED_BROKER_LEASE, holder: claim.holder },
          'another instance took the embedded broker lease: two embedded brokers run on this database, and devices on one never get what is sent through the other; stop one of them',
        );
      },
    });
  } catch (error) {
    if (error instanceof LeaseHeldError) throw new Error(embeddedBrokerRefusal(error.holder), { cause: error });
    throw error;
  }
}

/** Runs `start`'s work while this instance holds the simulator's lease, stopping it when the lease is lost or stop() is called. */
export function holdSimulator(options: SingletonOptions & { start: () => Promise<{ stop(): Promise<void> }> }): HeldLease {
  let running: { stop(): Promise<void> } | null = null;
  return holdWhileAlive({
    ...options,
    name: SIMULATOR_LEASE,
    onAcquired: async () => {
      running = await options.start();
    },
    onLost: async (reason) => {
      if (reason !== 'stopping')
        options.log.warn({ lease: SIMULATOR_LEASE, reason }, 'simulator stopped: its lease was lost (another instance may take it over)');
      const stopping = running;
      running = null;
      await stopping?.stop();
    },
  });
}
