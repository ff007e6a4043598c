// Material Symbols, one export each (docs/architecture/README.md#look-and-feel): an app imports `icons` from the UI kit
// and uses `icons.fence`, so each app's bundle carries only the icons it shows.
import addCircleSvg from '@material-symbols/svg-400/outlined/add_circle.svg';
import arrowBackSvg from '@material-symbols/svg-400/outlined/arrow_back.svg';
import checkCircleSvg from '@material-symbols/svg-400/outlined/check_circle.svg';
import closeSvg from '@material-symbols/svg-400/outlined/close.svg';
import contentCopySvg from '@material-symbols/svg-400/outlined/content_copy.svg';
import errorSvg from '@material-symbols/svg-400/outlined/error.svg';
import fenceSvg from '@material-symbols/svg-400/outlined/fence.svg';
import helpSvg from '@material-symbols/svg-400/outlined/help.svg';
import languageSvg from '@material-symbols/svg-400/outlined/language.svg';
import loginSvg from '@material-symbols/svg-400/outlined/login.svg';
import logoutSvg from '@material-symbols/svg-400/outlined/logout.svg';
import menuSvg from '@material-symbols/svg-400/outlined/menu.svg';
import monitoringSvg from '@material-symbols/svg-400/outlined/monitoring.svg';
import notificationsSvg from '@material-symbols/svg-400/outlined/notifications.svg';
import powerSvg from '@material-symbols/svg-400/outlined/power_settings_new.svg';
import refreshSvg from '@material-symbols/svg-400/outlined/refresh.svg';
import settingsSvg from '@material-symbols/svg-400/outlined/settings.svg';
import starSvg from '@material-symbols/svg-400/outlined/star.svg';
import visibilitySvg from '@material-symbols/svg-400/outlined/visibility.svg';
import visibilityOffSvg from '@material-symbols/svg-400/outlined/visibility_off.svg';
import barcodeScannerSvg from '@material-symbols/svg-400/outlined/barcode_scanner.svg';
import electricBoltSvg from '@material-symbols/svg-400/outlined/electric_bolt.svg';
import keyboardSvg from '@material-symbols/svg-400/outlined/keyboard.svg';
import outletSvg from '@material-symbols/svg-400/outlined/outlet.svg';
import noPhotographySvg from '@material-symbols/svg-400/outlined/no_photography.svg';
import photoCameraSvg from '@material-symbols/svg-400/outlined/photo_camera.svg';
import powerPlugSvg from '@material-symbols/svg-400/outlined/power.svg';
import simCardSvg from '@material-symbols/svg-400/outlined/sim_card.svg';
import toggleOffSvg from '@material-symbols/svg-400/outlined/toggle_off.svg';
import toggleOnSvg from '@material-symbols/svg-400/outlined/toggle_on.svg';
import warningSvg from '@material-symbols/svg-400/outlined/warning.svg';

/** One icon: its name (the element's data-icon) and its SVG. */
export interface IconSymbol {
  readonly name: string;
  readonly svg: string;
}

export const addCircle: IconSymbol = { name: 'add-circle', svg: addCircleSvg };
export const arrowBack: IconSymbol = { name: 'arrow-back', svg: arrowBackSvg };
export const checkCircle: IconSymbol = { name: 'check-circle', svg: checkCircleSvg };
export const close: IconSymbol = { name: 'close', svg: closeSvg };
export const contentCopy: IconSymbol = { name: 'content-copy', svg: contentCopySvg };
export const error: IconSymbol = { name: 'error', svg: errorSvg };
export const help: IconSymbol = { name: 'help', svg: helpSvg };
export const language: IconSymbol = { name: 'language', svg: languageSvg };
export const login: IconSymbol = { name: 'login', svg: loginSvg };
export const logout: IconSymbol = { name: 'logout', svg: logoutSvg };
export const menu: IconSymbol = { name: 'menu', svg: menuSvg };
export const monitoring: IconSymbol = { name: 'monitoring', svg: monitoringSvg };
export const notifications: IconSymbol = { name: 'notifications', svg: notificationsSvg };
export const power: IconSymbol = { name: 'power', svg: powerSvg };
export const refresh: IconSymbol = { name: 'refresh', svg: refreshSvg };
export const settings: IconSymbol = { name: 'settings', svg: settingsSvg };
export const star: IconSymbol = { name: 'star', svg: starSvg };
export const visibility: IconSymbol = { name: 'visibility', svg: visibilitySvg };
export const visibilityOff: IconSymbol = { name: 'visibility-off', svg: visibilityOffSvg };
export const warning: IconSymbol = { name: 'warning', svg: warningSvg };
export const barcodeScanner: IconSymbol = { name: 'barcode-scanner', svg: barcodeScannerSvg };
export const electricBolt: IconSymbol = { name: 'electric-bolt', svg: electricBoltSvg };
export const keyboard: IconSymbol = { name: 'keyboard', svg: keyboardSvg };
export const noPhotography: IconSymbol = { name: 'no-photography', svg: noPhotographySvg };
export const photoCamera: IconSymbol = { name: 'photo-camera', svg: photoCameraSvg };
export const powerPlug: IconSymbol = { name: 'power-plug', svg: powerPlugSvg };
// The two generations of fence alarm and of plug are told apart (docs/product/screens.md): fence / electric-bolt, power-plug / outlet.
export const fence: IconSymbol = { name: 'fence', svg: fenceSvg };
export const outlet: IconSymbol = { name: 'outlet', svg: outletSvg };
export const simCard: IconSymbol = { name: 'sim-card', svg: simCardSvg };
export const toggleOff: IconSymbol = { name: 'toggle-off', svg: toggleOffSvg };
export const toggleOn: IconSymbol = { name: 'toggle-on', svg: toggleOnSvg };
