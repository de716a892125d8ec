import { describe, expect, it } from 'vitest';
import {
  APP_ROUTES,
  eventEditPath,
  eventViewPath,
  firstSegment,
  FRAMELESS_ROUTES,
  isRouteAllowed,
  PUBLIC_ROUTES,
} from './routes.js';

describe('route guard', () => {
  const allowed = ['/workflow', '/eventsearch', '/reportableevent', '/myuser'];

  it('takes the first path segment, lower-cased', () => {
    expect(firstSegment('/')).toBe('');
    expect(firstSegment('/reportableEvent/abc/view/details')).toBe('reportableevent');
    expect(firstSegment('workflow?page=2')).toBe('workflow');
    expect(firstSegment('/adminusers#top')).toBe('adminusers');
  });

  it('allows a route whose first segment is in the allowed list, whatever the case', () => {
    expect(isRouteAllowed('/workflow', allowed)).toBe(true);
    expect(isRouteAllowed('/reportableEvent/m-1/view/details/3', allowed)).toBe(true);
    expect(isRouteAllowed('/EventSearch', allowed)).toBe(true);
  });

  it('refuses routes outside the list, prefixes and the root', () => {
    expect(isRouteAllowed('/adminusers/4', allowed)).toBe(false);
    expect(isRouteAllowed('/workflows', allowed)).toBe(false);
    expect(isRouteAllowed('/', allowed)).toBe(false);
    expect(isRouteAllowed('/workflow', [])).toBe(false);
  });
});

describe('route table', () => {
  it('hides the frame and needs no sign-in on the four public routes', () => {
    expect(FRAMELESS_ROUTES).toEqual(['/', '/login', '/changepassword', '/teamsConfig']);
    expect(PUBLIC_ROUTES).toEqual(FRAMELESS_ROUTES);
  });

  it('marks every public route as such in the table', () => {
    const publicPaths = Object.values(APP_ROUTES)
      .filter((route) => route.access === 'public')
      .map((route) => route.path);
    expect(publicPaths.sort()).toEqual([...PUBLIC_ROUTES].sort());
  });

  it('builds event paths as the spec writes them', () => {
    expect(eventViewPath('abc')).toBe('/reportableEvent/abc/view/details');
    expect(eventViewPath('abc', 'details', 3)).toBe('/reportableEvent/abc/view/details/3');
    expect(eventEditPath('abc')).toBe('/reportableEvent/abc/edit/');
    expect(eventEditPath('abc', 2)).toBe('/reportableEvent/abc/edit/2');
  });
});
