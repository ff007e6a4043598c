// docs/product/roles.md "Alarms and sharing" and "Change log": what only the owner changes, and what they are shown.
export { ChangeLogSection } from './ChangeLogSection';
export { OwnerOnlyNote, useIsDeviceOwner } from './OwnerOnlyNote';
export { ownerChoicesTexts } from './messages';
