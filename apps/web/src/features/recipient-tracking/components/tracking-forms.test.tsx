import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PublicTracking } from '@courier/contract';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mantineTheme } from '../../../lib/mantine-theme';
import { trackingQueryKey } from '../api/get-tracking';
import { InstructionsForm } from './instructions-form';
import { RatingCard } from './rating-form';

const TOKEN = 'tok_en-1';
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The server's answer to the page's write; the CSRF cookie call always answers 204. */
function serve(path: string, answer: (body: unknown) => Response) {
  const sent: unknown[] = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.endsWith(path)) return Promise.resolve(new Response(null, { status: 204 }));
    const body: unknown = JSON.parse(typeof init?.body === 'string' ? init.body : 'null');
    sent.push(body);
    return Promise.resolve(answer(body));
  });
  return sent;
}

function renderWith(ui: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const page: Partial<PublicTracking> = { status: 'en-route-to-dropoff', instructions: null, rating: null };
  queryClient.setQueryData(trackingQueryKey(TOKEN), page);
  render(
    <MantineProvider theme={mantineTheme}>
      <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
    </MantineProvider>,
  );
  return queryClient;
}

afterEach(() => vi.unstubAllGlobals());

describe("the recipient's instructions form", () => {
  it('sends what was typed, trimmed by the schema, and writes the saved instructions into the page', async () => {
    const saved = {
      doorCode: '4321',
      safePlace: 'Porch',
      callOnArrival: true,
      note: '',
      updatedAt: '2026-11-24T10:00:00.000Z',
    };
    const sent = serve(`/track/${TOKEN}/instructions`, () => json(200, { data: saved }));
    const queryClient = renderWith(<InstructionsForm token={TOKEN} instructions={null} />);
    await userEvent.type(screen.getByLabelText('Door or gate code'), ' 4321 ');
    await userEvent.type(screen.getByLabelText(/Safe place/), 'Porch');
    await userEvent.click(screen.getByLabelText('Call me when you arrive'));
    await userEvent.click(screen.getByRole('button', { name: 'Save instructions' }));
    expect(await screen.findByText(/Saved: your driver will see these/)).toBeTruthy();
    expect(sent).toEqual([{ doorCode: '4321', safePlace: 'Porch', callOnArrival: true, note: '' }]);
    expect(queryClient.getQueryData<PublicTracking>(trackingQueryKey(TOKEN))?.instructions).toEqual(saved);
  });

  it("shows the server's reason when the delivery moved on, and its field errors under the fields", async () => {
    let answer = json(409, {
      message: 'Your delivery has been delivered: instructions can no longer be changed.',
    });
    serve(`/track/${TOKEN}/instructions`, () => answer);
    renderWith(<InstructionsForm token={TOKEN} instructions={null} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save instructions' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/can no longer be changed/);

    answer = json(422, {
      message: 'The note is at most 500 characters.',
      errors: { note: ['The note is at most 500 characters.'] },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Save instructions' }));
    await waitFor(() => expect(screen.getByText('The note is at most 500 characters.')).toBeTruthy());
  });
});

describe("the recipient's rating", () => {
  it('asks for stars before sending, then shows the rating given', async () => {
    const sent = serve(`/track/${TOKEN}/rating`, (body) =>
      json(201, { data: { ...(body as object), createdAt: '2026-11-24T10:00:00.000Z' } }),
    );
    const queryClient = renderWith(<RatingCard token={TOKEN} rating={null} />);
    await userEvent.click(screen.getByRole('button', { name: 'Send my rating' }));
    expect(await screen.findByText('Give 1 to 5 stars.')).toBeTruthy();
    expect(sent).toEqual([]);
    // The stars are radio inputs, chosen with Enter or Space from the keyboard.
    fireEvent.keyDown(screen.getByRole('radio', { name: '4 stars' }), { key: 'Enter' });
    expect(await screen.findByText('Very good')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Comment (optional)'), 'Lovely');
    await userEvent.click(screen.getByRole('button', { name: 'Send my rating' }));
    await waitFor(() => expect(sent).toEqual([{ stars: 4, comment: 'Lovely' }]));
    await waitFor(() =>
      expect(queryClient.getQueryData<PublicTracking>(trackingQueryKey(TOKEN))?.rating).toMatchObject({
        stars: 4,
      }),
    );
  });
});
