// Readiness with the device side (issue 27, http/health.ts): 503 while the gateway cannot take or store device
// messages, naming why; the gateway's own account of it.
import { APP_START_TIMEOUT_MS, call, createTestApp, type TestApp } from '../../testing/testApp';
import { demoKey } from '../inventory';
import { IngestBatcher } from './batcher';
import { DeviceGateway, type GatewayReadiness } from './gateway';

describe('GET /api/health/ready with the device side', () => {
  let d: TestApp;
  beforeAll(async () => {
    d = await createTestApp({ host: '127.0.0.1', mqttPort: 0, mqttUrl: null }, { devices: true });
  }, APP_START_TIMEOUT_MS);
  afterAll(() => d.close());
  afterEach(() => jest.restoreAllMocks());

  it('is 200 when the gateway is connected, subscribed and storing', async () => {
    const reply = await call(d.app, 'GET', '/api/health/ready');
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ Status: 'ok', Database: 'ok', Broker: 'ok', Ingest: 'ok', Problems: [] });
  });

  it('is 503 naming the problem while the gateway cannot take or store device messages', async () => {
    const states: GatewayReadiness[] = [
      { broker: 'down', ingest: 'ok', problems: ['MQTT not connected'] },
      { broker: 'down', ingest: 'ok', problems: ['MQTT not subscribed'] },
      { broker: 'down', ingest: 'ok', problems: ['uplink queue not consumed'] },
      { broker: 'ok', ingest: 'down', problems: ['the last uplink could not be stored'] },
    ];
    for (const state of states) {
      jest.spyOn(d.app.deviceGateway, 'readiness').mockReturnValue(state);
      const reply = await call(d.app, 'GET', '/api/health/ready');
      expect(reply.statusCode).toBe(503);
      expect(reply.headers['retry-after']).toBeDefined();
      expect(reply.json()).toEqual({ Status: 'unavailable', Database: 'ok', Broker: state.broker, Ingest: state.ingest, Problems: state.problems });
    }
  });

  it('says ingest is down from a failed store until one succeeds', async () => {
    const key = demoKey('fencealarm', 1);
    const topic = `devices/${key}/up/reading`;
    const payload = (voltage: number) => Buffer.from(JSON.stringify({ At: new Date().toISOString(), Voltage: voltage }));
    const gateway = d.app.deviceGateway;
    jest.spyOn(IngestBatcher.prototype, 'submit').mockRejectedValueOnce(new Error('the database is down'));
    await expect(gateway.accept(key, topic, payload(5000))).rejects.toThrow('the database is down');
    expect(gateway.readiness()).toEqual({ broker: 'ok', ingest: 'down', problems: ['the last uplink could not be stored'] });
    expect((await call(d.app, 'GET', '/api/health/ready')).statusCode).toBe(503);
    await gateway.accept(key, topic, payload(5100));
    expect(gateway.readiness()).toEqual({ broker: 'ok', ingest: 'ok', problems: [] });
  });

  it('says the broker is down for a gateway without a connection', () => {
    const gateway = new DeviceGateway({ db: d.database.db, now: () => new Date(), log: d.app.log });
    expect(gateway.readiness()).toEqual({ broker: 'down', ingest: 'ok', problems: ['MQTT not connected'] });
  });

  // Last: the app stays drained (shutdown.ts, docs/operations/deploy.md#stopping-and-restarting).
  it('is 503 from the first moment of a shutdown, and the gateway takes no more uplinks', async () => {
    const draining = d.app.shutdown.drain();
    const reply = await call(d.app, 'GET', '/api/health/ready');
    expect(reply.statusCode).toBe(503);
    expect(reply.json().Problems).toEqual(['shutting down']);
    await draining;
    const key = demoKey('fencealarm', 1);
    const reading = Buffer.from(JSON.stringify({ At: new Date().toISOString(), Voltage: 5000 }));
    await expect(d.app.deviceGateway.accept(key, `devices/${key}/up/reading`, reading)).rejects.toThrow('the gateway is stopping');
    expect((await call(d.app, 'GET', '/api/health')).statusCode).toBe(200); // liveness: still serving
  });
});
