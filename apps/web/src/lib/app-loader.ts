import { LAYOUT } from '@courier/contract/plain';

/** Fades out the full-screen loader of index.html once the app has rendered, then removes it. */
export function hideAppLoader(): void {
  const loader = document.getElementById('app-loader');
  if (!loader) return;
  const fade = () => {
    loader.classList.add('app-loader--hidden');
    window.setTimeout(() => loader.remove(), LAYOUT.loaderFadeMs);
  };
  if (document.readyState === 'complete') fade();
  else window.addEventListener('load', fade, { once: true });
}
