import { useEffect, useRef, useState } from 'react';

/** What the camera is doing, in words the scanner shows. */
export type CameraState =
  | { phase: 'starting' }
  | { phase: 'reading'; reader: 'native' | 'zxing' }
  | { phase: 'unavailable'; reason: string };

/**
 * The same code read again within this time of its last sighting is the same label held in view, not a second scan:
 * a label kept in the picture is counted once however long it stays there.
 */
const REPEAT_MS = 3_000;
/** How often the browser's own detector looks at the picture. */
const DETECT_EVERY_MS = 200;

interface NativeDetector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
interface NativeDetectorClass {
  new (opts: { formats: string[] }): NativeDetector;
  getSupportedFormats(): Promise<string[]>;
}

/** The browser's BarcodeDetector when it reads Code 128 (Chrome on Android and macOS; not on Linux), else null. */
async function nativeDetector(): Promise<NativeDetector | null> {
  const Detector = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    const formats = await Detector.getSupportedFormats();
    if (!formats.includes('code_128')) return null;
    return new Detector({ formats: ['code_128', 'qr_code'].filter((f) => formats.includes(f)) });
  } catch {
    return null;
  }
}

function reasonOf(error: unknown): string {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError')
    return 'The camera is not allowed. Allow it in the browser’s site settings, or type the code below.';
  if (name === 'NotFoundError' || name === 'OverconstrainedError')
    return 'No camera was found on this device. Type the code under the barcode below.';
  if (name === 'NotReadableError')
    return 'The camera is busy in another app. Close it, or type the code below.';
  return 'The camera could not start. Type the code under the barcode below.';
}

/**
 * Starts the back camera into `element` and reads barcodes from it: the browser's own BarcodeDetector where it has
 * one, ZXing (loaded only then) otherwise. Calls `found` once per label held in view and `report` as the camera's
 * state changes; the answer stops it all.
 */
function startReading(
  element: HTMLVideoElement,
  found: (code: string) => void,
  report: (state: CameraState) => void,
): () => void {
  let stopped = false;
  const cleanups: (() => void)[] = [];
  const last = { code: '', at: 0 };
  const once = (raw: string) => {
    const code = raw.trim();
    const now = Date.now();
    if (!code) return;
    const held = code === last.code && now - last.at < REPEAT_MS;
    last.code = code;
    last.at = now;
    if (!held) found(code);
  };
  const stopAll = () => cleanups.splice(0).forEach((c) => c());

  void (async () => {
    report({ phase: 'starting' });
    if (!navigator.mediaDevices?.getUserMedia)
      return report({ phase: 'unavailable', reason: reasonOf(null) });
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: { ideal: 'environment' } },
        audio: false,
      });
    } catch (error) {
      if (!stopped) report({ phase: 'unavailable', reason: reasonOf(error) });
      return;
    }
    cleanups.push(() => stream.getTracks().forEach((t) => t.stop()));
    if (stopped) return stopAll();
    element.srcObject = stream;
    await element.play().catch(() => undefined);

    const native = await nativeDetector();
    if (stopped) return stopAll();
    if (native) {
      const timer = window.setInterval(() => {
        if (element.readyState < 2) return;
        native.detect(element).then(
          (codes) => codes.forEach((c) => once(c.rawValue)),
          () => undefined,
        );
      }, DETECT_EVERY_MS);
      cleanups.push(() => window.clearInterval(timer));
      return report({ phase: 'reading', reader: 'native' });
    }
    try {
      const { BrowserMultiFormatReader } = await import('@zxing/browser');
      if (stopped) return stopAll();
      const reader = new BrowserMultiFormatReader(undefined, { delayBetweenScanAttempts: DETECT_EVERY_MS });
      const controls = await reader.decodeFromStream(stream, element, (result) => {
        if (result) once(result.getText());
      });
      cleanups.push(() => controls.stop());
      if (stopped) return stopAll();
      report({ phase: 'reading', reader: 'zxing' });
    } catch (error) {
      if (!stopped) report({ phase: 'unavailable', reason: reasonOf(error) });
    }
  })();

  return () => {
    stopped = true;
    stopAll();
  };
}

/**
 * Reads barcodes from the phone's back camera into `video` while `active` (startReading), calling `onCode` once per
 * label held in view; stops the camera when inactive or unmounted.
 */
export function useBarcodeCamera(
  video: React.RefObject<HTMLVideoElement | null>,
  active: boolean,
  onCode: (code: string) => void,
): CameraState {
  const [state, setState] = useState<CameraState>({ phase: 'starting' });
  const callback = useRef(onCode);
  useEffect(() => {
    callback.current = onCode;
  });
  useEffect(() => {
    const element = video.current;
    if (!active || !element) return;
    return startReading(element, (code) => callback.current(code), setState);
  }, [active, video]);
  return state;
}
