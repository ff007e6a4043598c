// Material Symbols, imported one by one (docs/architecture/README.md#look-and-feel) so only the icons in use are bundled.
import addCircle from '@material-symbols/svg-400/outlined/add_circle.svg';
import arrowBack from '@material-symbols/svg-400/outlined/arrow_back.svg';
import checkCircle from '@material-symbols/svg-400/outlined/check_circle.svg';
import close from '@material-symbols/svg-400/outlined/close.svg';
import contentCopy from '@material-symbols/svg-400/outlined/content_copy.svg';
import error from '@material-symbols/svg-400/outlined/error.svg';
import fence from '@material-symbols/svg-400/outlined/fence.svg';
import help from '@material-symbols/svg-400/outlined/help.svg';
import language from '@material-symbols/svg-400/outlined/language.svg';
import login from '@material-symbols/svg-400/outlined/login.svg';
import logout from '@material-symbols/svg-400/outlined/logout.svg';
import menu from '@material-symbols/svg-400/outlined/menu.svg';
import monitoring from '@material-symbols/svg-400/outlined/monitoring.svg';
import notifications from '@material-symbols/svg-400/outlined/notifications.svg';
import power from '@material-symbols/svg-400/outlined/power_settings_new.svg';
import refresh from '@material-symbols/svg-400/outlined/refresh.svg';
import settings from '@material-symbols/svg-400/outlined/settings.svg';
import star from '@material-symbols/svg-400/outlined/star.svg';
import visibility from '@material-symbols/svg-400/outlined/visibility.svg';
import visibilityOff from '@material-symbols/svg-400/outlined/visibility_off.svg';
import barcodeScanner from '@material-symbols/svg-400/outlined/barcode_scanner.svg';
import electricBolt from '@material-symbols/svg-400/outlined/electric_bolt.svg';
import keyboard from '@material-symbols/svg-400/outlined/keyboard.svg';
import outlet from '@material-symbols/svg-400/outlined/outlet.svg';
import noPhotography from '@material-symbols/svg-400/outlined/no_photography.svg';
import photoCamera from '@material-symbols/svg-400/outlined/photo_camera.svg';
import powerPlug from '@material-symbols/svg-400/outlined/power.svg';
import simCard from '@material-symbols/svg-400/outlined/sim_card.svg';
import toggleOff from '@material-symbols/svg-400/outlined/toggle_off.svg';
import toggleOn from '@material-symbols/svg-400/outlined/toggle_on.svg';
import warning from '@material-symbols/svg-400/outlined/warning.svg';

export const ICONS = {
  'add-circle': addCircle,
  'arrow-back': arrowBack,
  'check-circle': checkCircle,
  close,
  'content-copy': contentCopy,
  error,
  help,
  language,
  login,
  logout,
  menu,
  monitoring,
  notifications,
  power,
  refresh,
  settings,
  star,
  visibility,
  'visibility-off': visibilityOff,
  warning,
  'barcode-scanner': barcodeScanner,
  'electric-bolt': electricBolt,
  keyboard,
  'no-photography': noPhotography,
  'photo-camera': photoCamera,
  'power-plug': powerPlug,
  // The two generations of fence alarm and of plug are told apart (docs/product/screens.md): fence / electric-bolt, power-plug / outlet.
  fence,
  outlet,
  'sim-card': simCard,
  'toggle-off': toggleOff,
  'toggle-on': toggleOn,
} as const;

export type IconName = keyof typeof ICONS;
