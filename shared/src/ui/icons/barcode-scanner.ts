import svg from '@material-symbols/svg-400/outlined/barcode_scanner.svg';
import type { IconSymbol } from './symbol';

export const barcodeScanner: IconSymbol = { name: 'barcode-scanner', svg };
