// SmartPlug2 on the server (docs/product/devices.md): its settings are one DeviceConfig, and a new OutputPower switches the relay.
import { RegisterSmartplug2Body, UpdateSmartplug2Body } from '@paddock/shared/contract';
import { checkLoadAlarm, CONSUMPTION_LIMIT_KWH, LOAD_ALARM_RANGE } from '@paddock/shared/domain';
import { badRequest } from '../../http/errors';
import { checkBounds, nextPlanOf } from '../changes';
import { ALARM_OFF, EMPTY_TIMER, savedTimer, type ServerProduct } from './serverProduct';

export const smartplug2: ServerProduct<'smartplug2'> = {
  id: 'smartplug2',
  registerBody: RegisterSmartplug2Body,
  updateBody: UpdateSmartplug2Body,
  initialFields: () => ({
    Load: null,
    Consumption: null,
    SignalStrength: null,
    LastUploadAt: null,
    ConnectionLost: false,
    PowerEnabled: true,
    DeviceConfig: {
      OutputPower: true,
      AuditoryFeedback: true,
      PowerLoadAlarm: { Lower: LOAD_ALARM_RANGE.defaultLower, Upper: LOAD_ALARM_RANGE.defaultUpper },
    },
    // Its day (Day) starts with the first reading (shared products/smartplug2/rules.ts consumptionPatch).
    ConsumptionNotification: { ...ALARM_OFF, DailyLimitKWh: CONSUMPTION_LIMIT_KWH.default },
    PowerLoadAlarmNotification: { ...ALARM_OFF },
    PowerFailureNotification: { ...ALARM_OFF },
    Timer: EMPTY_TIMER,
  }),
  changesOf(body: UpdateSmartplug2Body) {
    const { Metadata, Subscription, OutputPower, ...rest } = body;
    const bounds = rest.DeviceConfig?.PowerLoadAlarm;
    if (bounds) checkBounds('DeviceConfig.PowerLoadAlarm.Lower', bounds.Lower, bounds.Upper, checkLoadAlarm, 'load_bounds');
    // The flat {OutputPower} is DeviceConfig.OutputPower: one switch, through the same acknowledged command (powerCommand).
    if (OutputPower !== undefined && rest.DeviceConfig?.OutputPower !== undefined && rest.DeviceConfig.OutputPower !== OutputPower)
      throw badRequest('invalid_field', 'OutputPower', { field: 'OutputPower' });
    const normal = OutputPower === undefined ? rest : { ...rest, DeviceConfig: { ...rest.DeviceConfig, OutputPower } };
    const fields: Record<string, unknown> = normal.Timer ? { ...normal, Timer: savedTimer('Timer', normal.Timer) } : normal;
    return { metadata: Metadata ?? {}, ...nextPlanOf(Subscription), fields };
  },
  // docs/product/roles.md: the alarms (their bounds and their notifications) are the owner's.
  ownerOnlyFields: {
    'DeviceConfig.PowerLoadAlarm': 'DeviceConfig.PowerLoadAlarm',
    PowerLoadAlarmNotification: 'PowerLoadAlarmNotification',
    PowerFailureNotification: 'PowerFailureNotification',
    ConsumptionNotification: 'ConsumptionNotification',
  },
  planField: 'Subscription',
  powerCommand: (fields) => (fields.DeviceConfig as { OutputPower?: boolean } | undefined)?.OutputPower,
  powerEnabledCall: false,
  demo: { keyPrefix: '350000400000', name: 'Water trough pump' },
  simulation: { firmware: '1.2.0', model: 'plug', appliance: 'pump' },
};
