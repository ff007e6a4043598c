import type { WarningCode } from '@paddock/shared/domain';
import { dashboardTexts } from './messages';

const m = dashboardTexts.messages;

/** The text of each docs/product/states.md warning. */
export const WARNING_TEXT: Record<WarningCode, (typeof m)[keyof typeof m]> = {
  outOfData: m.warningOutOfData,
  lowData: m.warningLowData,
  voltage: m.warningVoltage,
  lowVoltage: m.warningLowVoltage,
  lowBattery: m.warningLowBattery,
  offline: m.warningOffline,
  load: m.warningLoad,
  powerFailure: m.warningPowerFailure,
  temperature: m.warningTemperature,
  connectionLost: m.warningConnectionLost,
  powerLoad: m.warningPowerLoad,
  consumption: m.warningConsumption,
};
