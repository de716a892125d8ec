import { APP_ROUTES, FRAMELESS_ROUTES, PUBLIC_ROUTES } from '@atalaya/domain';
import { isValidElement } from 'react';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RouteGuard } from './route-guard';
import { routes } from './router';

/** Every path of the tree with whether it sits under the guard (and so inside the frame). */
function collect(tree: RouteObject[], guarded = false): { path: string; guarded: boolean }[] {
  return tree.flatMap((route) => {
    const underGuard = guarded || (isValidElement(route.element) && route.element.type === RouteGuard);
    const own = route.path ? [{ path: route.path, guarded: underGuard }] : [];
    return [...own, ...collect(route.children ?? [], underGuard)];
  });
}

describe('route table', () => {
  const paths = collect(routes);

  it('routes every path of the platform spec §2 table', () => {
    const routed = paths.map((entry) => entry.path);
    for (const route of Object.values(APP_ROUTES)) expect(routed).toContain(route.path);
  });

  it('guards every authenticated route and none of the public ones', () => {
    for (const route of Object.values(APP_ROUTES)) {
      const entry = paths.find((candidate) => candidate.path === route.path);
      expect(entry?.guarded, route.path).toBe(route.access === 'authenticated');
    }
    expect(paths.filter((entry) => !entry.guarded && entry.path !== '*').map((entry) => entry.path).sort()).toEqual(
      [...PUBLIC_ROUTES].sort(),
    );
  });

  it('shows the frame on guarded routes only, never on the frameless ones', () => {
    const framed = paths.filter((entry) => entry.guarded).map((entry) => entry.path);
    for (const frameless of FRAMELESS_ROUTES) expect(framed).not.toContain(frameless);
  });

  it('sends any other path to the fallback redirect', () => {
    expect(paths.at(-1)).toEqual({ path: '*', guarded: false });
  });
});
