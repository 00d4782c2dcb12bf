import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { mantineTheme } from '../lib/mantine-theme';
import { queryClient } from '../lib/query-client';

/** Renders routes in a memory router inside the app's providers. */
export function renderRoutes(routes: RouteObject[], initialEntries: string[]) {
  const router = createMemoryRouter(routes, { initialEntries });
  const view = render(
    <MantineProvider theme={mantineTheme}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { router, ...view };
}

/** A fetch stand-in answering by path; unknown paths are a 404. */
export function fakeFetch(answers: Record<string, { status?: number; body: unknown }>): typeof fetch {
  return (input) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = new URL(url, 'http://localhost').pathname;
    const answer = answers[path] ?? { status: 404, body: { message: 'Not Found' } };
    return Promise.resolve(
      new Response(JSON.stringify(answer.body), {
        status: answer.status ?? 200,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
  };
}
