// FenceAlarm2 on the server (docs/product/devices.md): a voltage alarm on a threshold, and firmware updates over the air.
import { RegisterImeiBody, UpdateFencealarm2Body } from '@paddock/shared/contract';
import { FENCEALARM2_THRESHOLDS } from '@paddock/shared/domain';
import { nextPlanOf } from '../changes';
import { ALARM_OFF, type ServerProduct } from './serverProduct';

export const fencealarm2: ServerProduct<'fencealarm2'> = {
  id: 'fencealarm2',
  registerBody: RegisterImeiBody,
  updateBody: UpdateFencealarm2Body,
  initialFields: () => ({ Voltage: null, VoltageAlarm: { ...ALARM_OFF, Threshold: FENCEALARM2_THRESHOLDS[3] }, LastUplinkAt: null }),
  changesOf(body: UpdateFencealarm2Body) {
    const { Metadata, Subscription, VoltageAlarm } = body;
    return { metadata: Metadata ?? {}, ...nextPlanOf(Subscription), fields: VoltageAlarm ? { VoltageAlarm } : {} };
  },
  // docs/product/roles.md: the alarm is the owner's.
  ownerOnlyFields: { VoltageAlarm: 'VoltageAlarm' },
  planField: 'Subscription',
  powerEnabledCall: false,
  demo: { keyPrefix: '350000200000', name: 'River meadow fence' },
  simulation: { firmware: '1.4.2', model: 'fence', reportsBattery: false },
};
