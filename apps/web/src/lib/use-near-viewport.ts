import { startTransition, useEffect, useRef, useState } from 'react';

/** How far below the screen a part starts to draw: about a screen of a phone, so a scroll finds it drawn. */
export const NEAR_VIEWPORT_MARGIN = '600px';

/**
 * False until the element `ref` points at comes within a screen of the viewport (an IntersectionObserver, which
 * reports after the browser's first layout), then true for good, set in a transition. A part below a phone's first
 * screen (the dashboard's figures and latest deliveries) is drawn when the user scrolls towards it, not in the
 * first screen's busy second; on a wide screen it is in view and drawn just after the first paint (decision 051).
 * Without IntersectionObserver the part is drawn at once.
 */
export function useNearViewport<T extends Element>() {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        startTransition(() => setNear(true));
      },
      { rootMargin: `0px 0px ${NEAR_VIEWPORT_MARGIN} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return { ref, near };
}
