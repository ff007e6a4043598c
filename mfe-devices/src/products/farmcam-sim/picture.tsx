import { STROKE } from '../../dashboard/pictureParts';

// Its card's drawing (dashboard/ProductPicture.tsx). FarmCam SIM: a camera with its SIM card.
export const picture = (
  <>
    <rect x="5" y="14" width="28" height="20" rx="3" className="pd-picture__fill" />
    <rect {...STROKE} x="5" y="14" width="28" height="20" rx="3" />
    <circle {...STROKE} cx="19" cy="24" r="5.5" />
    <path {...STROKE} d="M33 21l7-4v14l-7-4" />
    <path {...STROKE} d="M30 36h10l3 3v6H30z" />
  </>
);
