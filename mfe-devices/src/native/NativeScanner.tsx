// The registration pages' scanner in the native app (docs/product/native-app.md): the phone's own barcode scanner
// (@capacitor-mlkit/barcode-scanning) instead of zxing on a video element. It asks for the camera, says in words
// what to do when it is denied, and hands the 15-digit key to the form like the web scanner (Scanner.tsx).
import { useCallback, useEffect, useRef, useState } from 'react';
import { keyFromScan } from '@paddock/shared/domain';
import { Translations, useT } from '@paddock/shared/i18n';
import { Alert, Button, Icon, appName, icons } from '@paddock/shared/ui';
import { registerTexts } from '../register/messages';
import { nativeTexts } from './messages';

const m = { ...registerTexts.messages, ...nativeTexts.messages };
const NATIVE_TRANSLATIONS = [nativeTexts];

export type NativeScanStatus = 'asking' | 'ready' | 'denied' | 'installing' | 'unavailable' | 'found';

const loadScanner = () => import(/* webpackChunkName: "capacitor-scanner" */ '@capacitor-mlkit/barcode-scanning');

const allowed = (state: string) => state === 'granted' || state === 'limited';

export function NativeScanner(props: { onFound: (key: string) => void; onManual: () => void }) {
  return (
    <Translations translations={NATIVE_TRANSLATIONS}>
      <NativeScannerView {...props} />
    </Translations>
  );
}

function NativeScannerView({ onFound, onManual }: { onFound: (key: string) => void; onManual: () => void }) {
  const t = useT();
  const [status, setStatus] = useState<NativeScanStatus>('asking');
  const [found, setFound] = useState<string | null>(null);
  const [noKey, setNoKey] = useState(false);
  const mounted = useRef(true);

  const scan = useCallback(async () => {
    setNoKey(false);
    setStatus('asking');
    try {
      const { BarcodeScanner, BarcodeFormat } = await loadScanner();
      if (!(await BarcodeScanner.isSupported()).supported) return setStatus('unavailable');
      let permission = await BarcodeScanner.checkPermissions();
      if (!allowed(permission.camera)) permission = await BarcodeScanner.requestPermissions();
      if (!mounted.current) return;
      if (!allowed(permission.camera)) return setStatus('denied');
      // Android scans with Google's scanner module, which the phone may still have to download.
      if ((window as { Capacitor?: { getPlatform?: () => string } }).Capacitor?.getPlatform?.() === 'android') {
        const { available } = await BarcodeScanner.isGoogleBarcodeScannerModuleAvailable();
        if (!available) {
          void BarcodeScanner.installGoogleBarcodeScannerModule().catch((error: unknown) => console.warn('scanner module install failed', error));
          return setStatus('installing');
        }
      }
      const { barcodes } = await BarcodeScanner.scan({
        formats: [BarcodeFormat.Code128, BarcodeFormat.Code39, BarcodeFormat.Ean13, BarcodeFormat.QrCode, BarcodeFormat.DataMatrix],
      });
      if (!mounted.current) return;
      const key = barcodes.map((barcode) => keyFromScan(barcode.rawValue ?? '')).find(Boolean);
      if (key) {
        setFound(key);
        setStatus('found');
        onFound(key);
        return;
      }
      // Closed without a code, or a code without a key: the user may scan again.
      setNoKey(barcodes.length > 0);
      setStatus('ready');
    } catch (error) {
      if (!mounted.current) return;
      console.warn('native scan failed', error);
      setStatus('unavailable');
    }
  }, [onFound]);

  useEffect(() => {
    mounted.current = true;
    void scan();
    return () => {
      mounted.current = false;
    };
    // Once when the scanner opens; the buttons scan again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const openSettings = () => void loadScanner().then(({ BarcodeScanner }) => BarcodeScanner.openSettings());
  const problem = { denied: m.cameraDenied, installing: m.installing, unavailable: m.scanUnavailable }[status as 'denied' | 'installing' | 'unavailable'];

  return (
    <section className="pd-scanner" data-state={status} aria-label={t(m.scannerTitle)}>
      {problem ? (
        <Alert>{t(problem, { app: appName() })}</Alert>
      ) : (
        <p className="pd-scanner__state" role="status">
          <Icon icon={status === 'found' ? icons.checkCircle : icons.barcodeScanner} />
          <span>{status === 'found' ? t(m.scanFound, { key: found ?? '' }) : status === 'asking' ? t(m.scanAsking) : t(m.scanStart)}</span>
        </p>
      )}
      {noKey ? <p className="pd-field__hint">{t(m.scanNoKey)}</p> : null}
      <div className="pd-scanner__actions">
        {status !== 'asking' ? (
          <Button icon={icons.barcodeScanner} onClick={() => void scan()}>
            {status === 'ready' ? t(m.scanStart) : t(m.scanAgain)}
          </Button>
        ) : null}
        {status === 'denied' ? (
          <Button icon={icons.settings} onClick={openSettings}>
            {t(m.openSettings)}
          </Button>
        ) : null}
        <Button icon={icons.keyboard} onClick={onManual}>
          {t(m.scanStop)}
        </Button>
      </div>
    </section>
  );
}
