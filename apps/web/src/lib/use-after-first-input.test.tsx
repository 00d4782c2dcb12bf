import { act, fireEvent, render, screen } from '@testing-library/react';
import { lazy, Suspense, type ComponentType } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as HooksModule from './use-after-first-input';

type Hooks = typeof HooksModule;
let hooks: Hooks;

beforeEach(async () => {
  // The first input is seen once per page: each test starts from a fresh module.
  vi.resetModules();
  hooks = await import('./use-after-first-input');
});

const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 20)));

/** A part whose code arrives when the test says so, drawn the way the frame draws its later parts. */
function setUp() {
  let loaded: (part: {
    default: ComponentType<{ initiallyOpened: boolean; initiallyFocused: boolean }>;
  }) => void = () => undefined;
  const state = { asked: false };
  const Part = lazy(
    () =>
      new Promise<{ default: ComponentType<{ initiallyOpened: boolean; initiallyFocused: boolean }> }>(
        (resolve) => {
          state.asked = true;
          loaded = resolve;
        },
      ),
  );
  function Loaded({
    initiallyOpened,
    initiallyFocused,
  }: {
    initiallyOpened: boolean;
    initiallyFocused: boolean;
  }) {
    const { opened, button } = hooks.useOpenedByEarlyPress(initiallyOpened, initiallyFocused);
    return (
      <>
        <button ref={button} type="button" aria-expanded={opened}>
          Menu
        </button>
        {opened ? <p>Menu items</p> : null}
      </>
    );
  }
  function Frame() {
    const { wanted, pressed, press, focused, focusProps } = hooks.useLaterPart();
    const button = (
      <button type="button" onClick={press} {...focusProps}>
        Menu
      </button>
    );
    return (
      <Suspense fallback={button}>
        {wanted ? <Part initiallyOpened={pressed} initiallyFocused={focused} /> : button}
      </Suspense>
    );
  }
  render(
    <>
      <a href="#top">Before</a>
      <Frame />
    </>,
  );
  return {
    state,
    load: () =>
      act(async () => {
        loaded({ default: Loaded });
        await Promise.resolve();
      }),
  };
}

describe('parts of the frame drawn at the first input', () => {
  it('keeps the very button a keyboard user reached until the part has loaded, then gives the part the focus', async () => {
    const { load } = setUp();
    const placeholder = screen.getByRole('button', { name: 'Menu' });
    act(() => placeholder.focus());
    await settle();
    // The focus counted as the first input: the part's code is asked for, and its button is still the same element.
    expect(screen.getByRole('button', { name: 'Menu' })).toBe(placeholder);
    expect(document.activeElement).toBe(placeholder);
    await load();
    const part = screen.getByRole('button', { name: 'Menu' });
    expect(part).not.toBe(placeholder);
    expect(part.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(part);
  });

  it('does not count a press as the first input, and opens the part a press asked for once it is there', async () => {
    const { load } = setUp();
    const placeholder = screen.getByRole('button', { name: 'Menu' });
    fireEvent.keyDown(placeholder, { key: 'Enter' });
    fireEvent.pointerDown(placeholder);
    fireEvent.click(placeholder);
    await load();
    expect(screen.getByRole('button', { name: 'Menu' }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('Menu items')).toBeTruthy();
  });

  it('leaves the part alone while nothing has happened, and loads it on a wheel turn', async () => {
    const { state, load } = setUp();
    const placeholder = screen.getByRole('button', { name: 'Menu' });
    await settle();
    expect(state.asked).toBe(false);
    act(() => {
      fireEvent.wheel(window);
    });
    await settle();
    expect(state.asked).toBe(true);
    await load();
    expect(screen.getByRole('button', { name: 'Menu' })).not.toBe(placeholder);
    expect(screen.queryByText('Menu items')).toBeNull();
  });

  it('waits for a press in progress to end before it replaces a button', async () => {
    const { state, load } = setUp();
    const placeholder = screen.getByRole('button', { name: 'Menu' });
    fireEvent.pointerDown(placeholder);
    act(() => {
      fireEvent.wheel(window);
    });
    await settle();
    expect(state.asked).toBe(false);
    expect(screen.getByRole('button', { name: 'Menu' })).toBe(placeholder);
    fireEvent.pointerUp(placeholder);
    await act(async () => new Promise((resolve) => setTimeout(resolve, 80)));
    expect(state.asked).toBe(true);
    await load();
    expect(screen.getByRole('button', { name: 'Menu' })).not.toBe(placeholder);
  });
});
