import { useCallback, useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import {
  SCANNER_CAMERA_STORAGE_KEY,
  SCANNER_DECODE_INTERVAL_MS,
  SCANNER_DEFAULT_WIDTH,
  SCANNER_FILE_MIN_HEIGHT,
  cameraTransition,
  isFileScanHighEnough,
  keyFromScan,
  scanBoxSize,
  type CameraAction,
  type CameraState,
} from '@paddock/shared/domain';
import { useT } from '@paddock/shared/i18n';
import { Alert, Button, FileButton, Icon, icons } from '@paddock/shared/ui';
import { registerTexts } from './messages';

const m = registerTexts.messages;

/** docs/product/states.md scanner states as the user sees them. */
export type ScanStatus = 'asking' | 'scanning' | 'denied' | 'unavailable' | 'found';

type Zxing = typeof import('@zxing/library');
type Reader = InstanceType<Zxing['BrowserMultiFormatReader']>;

/** @zxing/library is loaded only when a registration page scans (its own chunk, never in the dashboard's JS). */
const loadZxing = (): Promise<Zxing> => import(/* webpackChunkName: "zxing" */ '@zxing/library');

function createReader(zxing: Zxing): Reader {
  const hints = new Map<number, unknown>();
  hints.set(zxing.DecodeHintType.POSSIBLE_FORMATS, [
    zxing.BarcodeFormat.CODE_128,
    zxing.BarcodeFormat.CODE_39,
    zxing.BarcodeFormat.EAN_13,
    zxing.BarcodeFormat.QR_CODE,
    zxing.BarcodeFormat.DATA_MATRIX,
  ]);
  // docs/product/limits.md: 2 frames per second — 500 ms between decodes.
  return new zxing.BrowserMultiFormatReader(hints, SCANNER_DECODE_INTERVAL_MS);
}

function rememberedCamera(): string | null {
  try {
    return localStorage.getItem(SCANNER_CAMERA_STORAGE_KEY);
  } catch {
    return null;
  }
}

function rememberCamera(stream: MediaStream): void {
  const deviceId = stream.getVideoTracks()[0]?.getSettings?.().deviceId;
  try {
    if (deviceId) localStorage.setItem(SCANNER_CAMERA_STORAGE_KEY, deviceId);
  } catch {
    // private mode: the camera is simply not remembered
  }
}

async function openCamera(): Promise<MediaStream> {
  const remembered = rememberedCamera();
  if (remembered) {
    try {
      return await navigator.mediaDevices.getUserMedia({ video: { deviceId: { exact: remembered } } });
    } catch (error) {
      // The remembered camera is gone: fall back to the back camera (but a denial stays a denial).
      if (error instanceof DOMException && (error.name === 'NotAllowedError' || error.name === 'SecurityError')) throw error;
    }
  }
  return navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
}

function stopStream(stream: MediaStream | null): void {
  stream?.getTracks().forEach((track) => track.stop());
}

/**
 * The barcode scanner of the registration pages (docs/product/states.md camera states, §5 scan box, §9 constants): asks for the
 * camera, scans at 2 frames per second, remembers the camera, and says when access is denied or no camera can be
 * used. A photo of the barcode can be scanned instead (file scan). `onFound` gets the 15-digit key.
 */
export function Scanner({ onFound, onManual }: { onFound: (key: string) => void; onManual: () => void }) {
  const t = useT();
  const titleId = useId();
  const videoRef = useRef<HTMLVideoElement>(null);
  const readerRef = useRef<Reader | null>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const cameraRef = useRef<CameraState>('notStarted');
  const mounted = useRef(true);
  const [status, setStatus] = useState<ScanStatus>('asking');
  const [found, setFound] = useState<string | null>(null);
  const [noKey, setNoKey] = useState(false);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [box, setBox] = useState(SCANNER_DEFAULT_WIDTH);

  const camera = (action: CameraAction) => {
    cameraRef.current = cameraTransition(cameraRef.current, action);
  };

  const stop = useCallback(() => {
    readerRef.current?.reset();
    stopStream(streamRef.current);
    streamRef.current = null;
  }, []);

  /** A key was read (from the camera or a photo): the camera pauses and the form gets the key. */
  const accept = useCallback(
    (key: string) => {
      camera('pause');
      stop();
      setFound(key);
      setStatus('found');
      onFound(key);
    },
    [onFound, stop],
  );

  /** One reader for the scanner's life, made when zxing first arrives. */
  const readerOf = (zxing: Zxing): Reader => (readerRef.current ??= createReader(zxing));

  const start = useCallback(async () => {
    setFound(null);
    setNoKey(false);
    setPhotoError(null);
    if (typeof window === 'undefined' || !window.isSecureContext || !navigator.mediaDevices?.getUserMedia) {
      // Camera unsupported or an insecure context (docs/product/errors.md: scanner errors without product wording).
      setStatus('unavailable');
      return;
    }
    setStatus('asking');
    try {
      const [zxing, stream] = await Promise.all([loadZxing(), openCamera()]);
      if (!mounted.current) return stopStream(stream);
      if (stream.getVideoTracks().length === 0) {
        stopStream(stream);
        setStatus('unavailable');
        return;
      }
      const video = videoRef.current;
      const side = video && video.clientWidth > 0 ? scanBoxSize(video.clientWidth, video.clientHeight) : SCANNER_DEFAULT_WIDTH;
      if (side === null || !video) {
        // docs/product/validation.md: an invalid scan box (below 50 px).
        stopStream(stream);
        setStatus('unavailable');
        return;
      }
      setBox(side);
      streamRef.current = stream;
      rememberCamera(stream);
      const reader = readerOf(zxing);
      camera('start');
      setStatus('scanning');
      await reader.decodeFromStream(stream, video, (result) => {
        if (!result || cameraRef.current !== 'scanning') return;
        const key = keyFromScan(result.getText());
        if (!key) {
          setNoKey(true);
          return;
        }
        accept(key);
      });
    } catch (error) {
      if (!mounted.current) return;
      camera('stop');
      const name = error instanceof Error || error instanceof DOMException ? error.name : '';
      setStatus(name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError' ? 'denied' : 'unavailable');
    }
  }, [accept]);

  useEffect(() => {
    mounted.current = true;
    void start();
    return () => {
      mounted.current = false;
      stop();
    };
    // Start once when the scanner opens; "Scan again" restarts it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const scanPhoto = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setPhotoError(null);
    const url = URL.createObjectURL(file);
    try {
      const zxing = await loadZxing();
      const image = new Image();
      image.src = url;
      await image.decode();
      if (!isFileScanHighEnough(image.naturalHeight)) {
        setPhotoError(t(m.photoTooSmall, { min: SCANNER_FILE_MIN_HEIGHT }));
        return;
      }
      const key = keyFromScan((await readerOf(zxing).decodeFromImageElement(image)).getText());
      if (!key) {
        setPhotoError(t(m.scanNoKey));
        return;
      }
      accept(key);
    } catch {
      setPhotoError(t(m.photoNoCode));
    } finally {
      URL.revokeObjectURL(url);
    }
  };

  const stateText: Record<ScanStatus, string> = {
    asking: t(m.scanAsking),
    scanning: t(m.scanScanning),
    denied: t(m.scanDenied),
    unavailable: t(m.scanUnavailable),
    found: t(m.scanFound, { key: found ?? '' }),
  };
  const live = status === 'asking' || status === 'scanning';

  return (
    <section className="pd-scanner" aria-labelledby={titleId} data-state={status}>
      <h2 id={titleId} className="pd-visually-hidden">
        {t(m.scannerTitle)}
      </h2>
      <div className="pd-scanner__view" hidden={!live}>
        <video ref={videoRef} muted playsInline aria-hidden="true" />
        {status === 'scanning' ? <div className="pd-scanner__box" style={{ width: box, height: box * 0.6 }} /> : null}
      </div>
      {status === 'denied' || status === 'unavailable' ? (
        <Alert>{stateText[status]}</Alert>
      ) : (
        <p className="pd-scanner__state" role="status">
          <Icon icon={status === 'found' ? icons.checkCircle : icons.barcodeScanner} />
          <span>{stateText[status]}</span>
        </p>
      )}
      {noKey && status === 'scanning' ? <p className="pd-field__hint">{t(m.scanNoKey)}</p> : null}
      {photoError ? <Alert>{photoError}</Alert> : null}
      <div className="pd-scanner__actions">
        {status === 'found' || status === 'denied' || status === 'unavailable' ? (
          <Button icon={icons.barcodeScanner} onClick={() => void start()}>
            {t(m.scanAgain)}
          </Button>
        ) : null}
        <Button icon={icons.keyboard} onClick={onManual}>
          {t(m.scanStop)}
        </Button>
        {/* Its text in the page's language, not the browser's "Choose file" (shared FileButton). */}
        <FileButton
          label={t(m.scanPhoto)}
          icon={icons.photoCamera}
          variant="ghost"
          accept="image/*"
          capture="environment"
          onChange={(e) => void scanPhoto(e)}
        />
      </div>
    </section>
  );
}
