import { STROKE } from '../../dashboard/pictureParts';

// Its card's drawing (dashboard/ProductPicture.tsx). SmartPlug2: a square plug with its status light and Wi-Fi.
export const picture = (
  <>
    <rect x="8" y="12" width="30" height="30" rx="7" className="pd-picture__fill" />
    <rect {...STROKE} x="8" y="12" width="30" height="30" rx="7" />
    <circle cx="17" cy="27" r="2.5" fill="currentColor" />
    <circle cx="29" cy="27" r="2.5" fill="currentColor" />
    <path {...STROKE} d="M34 8a8 8 0 0 1 8 0M36.5 11a3.5 3.5 0 0 1 3 0" />
  </>
);
