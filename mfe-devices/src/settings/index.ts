// The settings frame a product page plugs into (see ./README.md).
export { SettingsFrame, type ProductFields, type SettingsPageProps } from './SettingsFrame';
export { AlarmsInactiveNote, SettingsSection } from './Section';
export { VoltageAlarmSelect } from './VoltageAlarmSelect';
export { useSubscriptionActive } from './subscriptionActive';
export { settingsTexts } from './messages';
export { focusControl } from './focus';
export { OwnerOnlyNote, useIsDeviceOwner } from './ownerChoices';
export { settingsPage } from './settingsPage';
