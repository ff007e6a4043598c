import {
  composeUpdateBody,
  configSyncStatus,
  inviteToDraft,
  isConfigPending,
  metadataDraftOf,
  metadataUpdateOf,
  parseDecimal,
  removeFromDraft,
  toggleNotifyInDraft,
  unconfirmedAlarmLevel,
} from './deviceSettings';
import { nestsMetadata } from '../products';

const metadata = {
  Name: 'North fence',
  Tags: ['FenceAlarm', 'greta@example.com', 'North', 'Cattle'],
  OwnerEmail: 'greta@example.com',
  Access: ['greta@example.com', 'olle@example.com'],
  Notify: ['greta@example.com'],
  Owner: 'u1',
};

describe('metadata draft', () => {
  test('starts from the device: system tags hidden, the owner chosen', () => {
    expect(metadataDraftOf(metadata)).toEqual({
      Name: 'North fence',
      Access: ['greta@example.com', 'olle@example.com'],
      Notify: ['greta@example.com'],
      Tags: ['North', 'Cattle'],
      Owner: 'greta@example.com',
    });
  });

  test('invite trims and lowercases; a duplicate changes nothing', () => {
    const draft = metadataDraftOf(metadata);
    expect(inviteToDraft(draft, '  Anna@Example.COM ').Access).toEqual(['greta@example.com', 'olle@example.com', 'anna@example.com']);
    expect(inviteToDraft(draft, 'OLLE@example.com').Access).toEqual(draft.Access);
    expect(inviteToDraft(draft, '   ').Access).toEqual(draft.Access);
  });

  test('removing takes the email out of Access and Notify, never the owner', () => {
    const draft = toggleNotifyInDraft(metadataDraftOf(metadata), 'olle@example.com');
    expect(draft.Notify).toEqual(['greta@example.com', 'olle@example.com']);
    const removed = removeFromDraft(draft, 'olle@example.com', 'greta@example.com');
    expect(removed.Access).toEqual(['greta@example.com']);
    expect(removed.Notify).toEqual(['greta@example.com']);
    expect(removeFromDraft(draft, 'greta@example.com', 'greta@example.com').Access).toEqual(draft.Access);
  });

  test('removing the email chosen as new owner gives the choice back to the owner', () => {
    const draft = { ...metadataDraftOf(metadata), Owner: 'olle@example.com' };
    expect(removeFromDraft(draft, 'olle@example.com', 'greta@example.com').Owner).toBe('greta@example.com');
    const other = inviteToDraft(draft, 'anna@example.com');
    expect(removeFromDraft(other, 'anna@example.com', 'greta@example.com').Owner).toBe('olle@example.com');
  });

  test('the update: name trimmed, system tags of the (new) owner added, Notify limited to Access', () => {
    const draft = { ...metadataDraftOf(metadata), Name: '  South fence ', Owner: 'Olle@example.com', Notify: ['greta@example.com', 'gone@example.com'] };
    expect(metadataUpdateOf('fencealarm', draft)).toEqual({
      Name: 'South fence',
      Access: ['greta@example.com', 'olle@example.com'],
      Notify: ['greta@example.com'],
      Tags: ['FenceAlarm', 'olle@example.com', 'North', 'Cattle'],
      Owner: 'olle@example.com',
    });
  });
});

describe('update body shape (docs/product/api.md)', () => {
  const meta = { Name: 'A', Access: ['a@b.se'], Notify: [], Tags: ['FenceAlarm2'], Owner: 'a@b.se' };

  test('FenceAlarm2 and SmartPlug2 nest metadata and plan', () => {
    expect(nestsMetadata('fencealarm2')).toBe(true);
    expect(nestsMetadata('smartplug2')).toBe(true);
    expect(composeUpdateBody('fencealarm2', { VoltageAlarm: { Enabled: true, Threshold: 3057 } }, meta)).toEqual({
      VoltageAlarm: { Enabled: true, Threshold: 3057 },
      Metadata: meta,
    });
    expect(composeUpdateBody('smartplug2', {}, meta, '')).toEqual({ Metadata: meta, Subscription: { PriceId: '' } });
  });

  test('the others are flat', () => {
    for (const product of ['farmcam-sim', 'fencealarm', 'smartplug'] as const) expect(nestsMetadata(product)).toBe(false);
    expect(composeUpdateBody('fencealarm', { Calibration: { ExpectedVoltage: 0 } }, meta)).toEqual({ Calibration: { ExpectedVoltage: 0 }, ...meta });
    expect(composeUpdateBody('farmcam-sim', {}, meta, 'price_1')).toEqual({ ...meta, PriceId: 'price_1' });
  });
});

describe('config sync', () => {
  test('pending, applied with its time, or nothing to say', () => {
    expect(configSyncStatus({ Pending: true, AppliedAt: '2026-11-22T10:15:00.000Z' })).toEqual({ kind: 'pending' });
    expect(configSyncStatus({ Pending: false, AppliedAt: '2026-11-22T10:15:00.000Z' })).toEqual({ kind: 'applied', at: new Date('2026-11-22T10:15:00.000Z') });
    expect(configSyncStatus({ Pending: false, AppliedAt: null })).toBeNull();
    expect(configSyncStatus(undefined)).toBeNull();
  });

  test('a device is asked again only while pending', () => {
    expect(isConfigPending({ ConfigSync: { Pending: true, AppliedAt: null } })).toBe(true);
    expect(isConfigPending({ ConfigSync: { Pending: false, AppliedAt: null } })).toBe(false);
    expect(isConfigPending({ Imsi: '1' })).toBe(false);
  });
});

test('the FenceAlarm level the device still uses, when it differs from the one asked for', () => {
  expect(unconfirmedAlarmLevel({ Config: { AlarmLevel: 3000 }, VoltageAlarm: { Enabled: true, AlarmLevel: 5000 } })).toBe(3000);
  expect(unconfirmedAlarmLevel({ Config: { AlarmLevel: 5000 }, VoltageAlarm: { Enabled: true, AlarmLevel: 5000 } })).toBeNull();
  expect(unconfirmedAlarmLevel({ Config: { AlarmLevel: 3000 }, VoltageAlarm: { Enabled: false, AlarmLevel: 5000 } })).toBeNull();
});

test('decimals as typed in any interface language', () => {
  expect(parseDecimal('1.25')).toBe(1.25);
  expect(parseDecimal(' 1,25 ')).toBe(1.25);
  expect(parseDecimal('-2')).toBe(-2);
  expect(parseDecimal('7')).toBe(7);
  expect(parseDecimal('')).toBeNull();
  expect(parseDecimal('1.2.3')).toBeNull();
  expect(parseDecimal('abc')).toBeNull();
  expect(parseDecimal('1e3')).toBeNull();
});
