import { describe, expect, it } from 'vitest';
import { routeDocumentPicker, type RouteDocument } from './route-documents.js';

const route = (id: string, path: string, caseSensitive = false): RouteDocument => ({
  id,
  path,
  caseSensitive,
  file: `routes/${id}.html`,
  guarded: false,
});

describe('the copy of index.html picked for a path', () => {
  const picker = routeDocumentPicker([
    route('notFound', '*'),
    route('home', '/'),
    route('detail', '/DeliveryDetail/:uuid'),
    route('edit', '/DeliveryDetail/edit'),
    route('bidDetailRoute', '/BIdDetail', true),
    route('bidDetail', '/BidDetail', true),
  ]);
  const pick = (path: string) => picker(path)?.file ?? null;

  it('ranks static segments over params and both over the catch-all, as React Router does', () => {
    expect(pick('/')).toBe('routes/home.html');
    expect(pick('/DeliveryDetail/edit')).toBe('routes/edit.html');
    expect(pick('/DeliveryDetail/42')).toBe('routes/detail.html');
    expect(pick('/deliverydetail/42/')).toBe('routes/detail.html');
    expect(pick('/DeliveryDetail')).toBe('routes/notFound.html');
    expect(pick('/anything/else')).toBe('routes/notFound.html');
  });

  it('keeps letter case where the route asks for it', () => {
    expect(pick('/BIdDetail')).toBe('routes/bidDetailRoute.html');
    expect(pick('/BidDetail')).toBe('routes/bidDetail.html');
    expect(pick('/biddetail')).toBe('routes/notFound.html');
  });

  it('answers null without a route for the path or with a path that does not decode', () => {
    const none = routeDocumentPicker([route('home', '/')]);
    expect(none('/x')).toBeNull();
    expect(none('/')?.id).toBe('home');
    expect(pick('/%E0%A4%A')).toBeNull();
  });
});
