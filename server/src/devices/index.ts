// Devices: registration, storage, access, their representation and the gateway that speaks MQTT with them.
export { roleOn, signedInDevice } from './access';
export { moveAddressInDeviceLists } from './accessLists';
export { deepMerge } from './changes';
export type { Timers } from './gateway/commands';
export type { DeviceGateway } from './gateway/gateway';
export { demoInventory, importDemoInventory, loadDemoDeviceSecret, readDemoDeviceSecret, registerDemoDevices } from './inventory';
export { settleLiveValues } from './liveValues';
export { SERVER_PRODUCTS } from './products';
export { toDevice, type DeviceWithOwner } from './representation';
export { deliverShareInvite, SHARE_INVITE_JOB, type ShareInvitePayload } from './shareInvites';
export { requestFirmwareUpdate } from './fota';
export { changeDevice, findDevice, findInventory, type DeviceChange } from './store';
