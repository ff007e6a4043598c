// Counting wrappers around the transports and the payment provider, so the code that uses them stays as it is:
// the notification worker gets counted transports (code mails and other direct sends are not alarm notifications
// and keep the plain mailer), and every caller of the payment provider (purchases, renewals, the webhook) a counted one.
import { PaymentDeclinedError, type PaymentProvider } from '../billing';
import type { Mailer, PushTransport, SmsProvider } from '../notify';
import type { Metrics, NotificationChannel } from './metrics';

async function counted<T>(metrics: Metrics, channel: NotificationChannel, send: () => Promise<T>): Promise<T> {
  try {
    const result = await send();
    metrics.notificationsSent.inc({ channel });
    return result;
  } catch (error) {
    metrics.notificationsFailed.inc({ channel });
    throw error;
  }
}

/** The alarm transports of the notification worker (notify/worker.ts), counted by channel. */
export function countedTransports(metrics: Metrics, transports: { mailer: Mailer; sms: SmsProvider; push: PushTransport }) {
  const { mailer, sms, push } = transports;
  return {
    mailer: { send: (mail) => counted(metrics, 'email', () => mailer.send(mail)) } satisfies Mailer,
    sms: { send: (message) => counted(metrics, 'sms', () => sms.send(message)) } satisfies SmsProvider,
    push: {
      // A push service that says the browser is gone delivered nothing: a failure, though not one retried.
      async send(token, message) {
        const result = await push.send(token, message).catch((error: unknown) => {
          metrics.notificationsFailed.inc({ channel: 'push' });
          throw error;
        });
        (result === 'gone' ? metrics.notificationsFailed : metrics.notificationsSent).inc({ channel: 'push' });
        return result;
      },
    } satisfies PushTransport,
  };
}

/** The payment provider, its failed charges counted: declined (PaymentDeclinedError) or error (anything else). */
export function countedPayments(metrics: Metrics, provider: PaymentProvider): PaymentProvider {
  return new Proxy(provider, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (property !== 'charge' || typeof value !== 'function') return typeof value === 'function' ? value.bind(target) : value;
      return async (...args: Parameters<PaymentProvider['charge']>) => {
        try {
          return await (value as PaymentProvider['charge']).apply(target, args);
        } catch (error) {
          metrics.paymentsFailed.inc({ reason: error instanceof PaymentDeclinedError ? 'declined' : 'error' });
          throw error;
        }
      };
    },
  });
}
