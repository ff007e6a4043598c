import svg from '@material-symbols/svg-400/outlined/upload_file.svg';
import type { IconSymbol } from './symbol';

export const uploadFile: IconSymbol = { name: 'upload-file', svg };
