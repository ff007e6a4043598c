// Material Symbols, one module each (docs/architecture/README.md#look-and-feel): an app imports `icons` from the UI kit
// and uses `icons.fence`; each icon's module then lands only in the chunks whose pages show it.
// The two generations of fence alarm and of plug are told apart (docs/product/screens.md): fence / electric-bolt,
// power-plug / outlet.
export type { IconSymbol } from './symbol';
export { addCircle } from './add-circle';
export { arrowBack } from './arrow-back';
export { checkCircle } from './check-circle';
export { close } from './close';
export { contentCopy } from './content-copy';
export { edit } from './edit';
export { error } from './error';
export { help } from './help';
export { language } from './language';
export { login } from './login';
export { logout } from './logout';
export { menu } from './menu';
export { monitoring } from './monitoring';
export { notifications } from './notifications';
export { notificationsPaused } from './notifications-paused';
export { power } from './power';
export { refresh } from './refresh';
export { settings } from './settings';
export { star } from './star';
export { visibility } from './visibility';
export { visibilityOff } from './visibility-off';
export { warning } from './warning';
export { barcodeScanner } from './barcode-scanner';
export { electricBolt } from './electric-bolt';
export { keyboard } from './keyboard';
export { noPhotography } from './no-photography';
export { photoCamera } from './photo-camera';
export { powerPlug } from './power-plug';
export { fence } from './fence';
export { outlet } from './outlet';
export { simCard } from './sim-card';
export { toggleOff } from './toggle-off';
export { toggleOn } from './toggle-on';
export { calendarToday } from './calendar-today';
export { uploadFile } from './upload-file';
