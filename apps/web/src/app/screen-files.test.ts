import { describe, expect, it } from 'vitest';
import { ROUTES } from './route-table';
import { SCREEN_MODULE_FILES } from './routes';
import { LAYOUT_FILES, NOT_FOUND_FILE, SCREEN_FILES } from './screen-files';

describe('the screen files', () => {
  it('name a module of the build for every route and layout, and the build has no screen module without a route', () => {
    const named = new Set([...Object.values(SCREEN_FILES), ...Object.values(LAYOUT_FILES), NOT_FOUND_FILE]);
    expect(Object.keys(SCREEN_FILES).sort()).toEqual(ROUTES.map((route) => route.id).sort());
    expect([...named].filter((file) => !SCREEN_MODULE_FILES.includes(file))).toEqual([]);
    expect(SCREEN_MODULE_FILES.filter((file) => !named.has(file))).toEqual([]);
  });
});
