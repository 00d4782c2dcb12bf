import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// `findBy…` and `waitFor` wait for what a test needs (an answer, a render) up to 10 s rather than 1 s: on a busy
// machine a screen's first render after its answer can take longer than a second (issue 39). A passing wait ends as
// soon as the element is there.
configure({ asyncUtilTimeout: 10_000 });

// jsdom lacks the browser APIs Mantine reads; these stand-ins answer "no preference" and "no size".
if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  });
}

class NoopResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
window.ResizeObserver ??= NoopResizeObserver;
// Mantine's autosizing textarea listens for fonts loading, which jsdom does not do.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
window.scrollTo = () => undefined;
// jsdom's Blob (and so File) lacks the promise readers a chosen file is read with; FileReader has what they give.
const blob: { text?: () => Promise<string>; arrayBuffer?: () => Promise<ArrayBuffer> } = Blob.prototype;
function readBlob<T>(read: (reader: FileReader) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as T);
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    read(reader);
  });
}
blob.text ??= function (this: Blob) {
  return readBlob<string>((reader) => reader.readAsText(this));
};
blob.arrayBuffer ??= function (this: Blob) {
  return readBlob<ArrayBuffer>((reader) => reader.readAsArrayBuffer(this));
};
// A combobox scrolls the option the arrows select into view.
const element: { scrollIntoView?: () => void } = Element.prototype;
element.scrollIntoView ??= () => undefined;

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
