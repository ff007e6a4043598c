// What a plug's settings page builds from: alarm selects, alarm bounds, timer and thermostat rules (see ../README.md).
export { AlarmSelect } from './AlarmSelect';
export { BoundsFields, useBoundsDraft } from './BoundsFields';
export { rulesTexts } from './messages';
export { ThermostatRulesEditor, useThermostatDraft } from './ThermostatRulesEditor';
export { TimerRulesEditor, useTimerDraft } from './TimerRulesEditor';
export { SwitchField } from './SwitchField';
