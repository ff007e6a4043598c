import { FENCE, STROKE } from '../../dashboard/pictureParts';

// Its card's drawing (dashboard/ProductPicture.tsx). FenceAlarm2: the box talks by radio (LoRaWAN).
export const picture = (
  <>
    {FENCE}
    <rect x="31" y="20" width="13" height="16" rx="2" className="pd-picture__fill" />
    <path {...STROKE} d="M37.5 20v-6M33 10a6.5 6.5 0 0 1 9 0M35 12.5a3.3 3.3 0 0 1 5 0" />
    <circle cx="37.5" cy="28" r="2.5" fill="currentColor" />
  </>
);
