import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNearViewport } from './use-near-viewport';

function Part() {
  const { ref, near } = useNearViewport<HTMLDivElement>();
  return near ? <p>Figures</p> : <div ref={ref}>placeholder</div>;
}

/** An IntersectionObserver the test moves by hand. */
class FakeObserver {
  static last: FakeObserver | null = null;
  options: IntersectionObserverInit | undefined;
  observed: Element[] = [];
  disconnected = false;
  constructor(
    private readonly callback: IntersectionObserverCallback,
    options?: IntersectionObserverInit,
  ) {
    this.options = options;
    FakeObserver.last = this;
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.disconnected = true;
  }
  report(isIntersecting: boolean) {
    const entries = this.observed.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry);
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}

afterEach(() => vi.unstubAllGlobals());

describe('a part drawn near the viewport', () => {
  it('shows its placeholder until it comes within a screen below the viewport, then stays drawn', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    render(<Part />);
    const observer = FakeObserver.last!;
    expect(screen.getByText('placeholder')).toBeTruthy();
    expect(observer.options?.rootMargin).toBe('0px 0px 600px 0px');
    act(() => observer.report(false));
    expect(screen.queryByText('Figures')).toBeNull();
    act(() => observer.report(true));
    expect(screen.getByText('Figures')).toBeTruthy();
    expect(observer.disconnected).toBe(true);
  });

  it('is drawn at once in a browser without IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<Part />);
    expect(screen.getByText('Figures')).toBeTruthy();
  });
});
