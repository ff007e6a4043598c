import svg from '@material-symbols/svg-400/outlined/photo_camera.svg';
import type { IconSymbol } from './symbol';

export const photoCamera: IconSymbol = { name: 'photo-camera', svg };
