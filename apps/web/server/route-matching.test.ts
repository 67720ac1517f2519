/**
 * Route matching as patched (patches/@remix-run+router+1.23.3.patch, decisions 046 and 050):
 * ranked branches and compiled paths are kept, and a branch whose path starts with text is
 * tried only for a pathname that starts with the same text. Every address must still reach the
 * route it reached before: case, optional and dynamic first segments, layouts without a path,
 * the splat, a basename and encoded characters.
 */
import { matchRoutes, type AgnosticRouteObject } from '@remix-run/router';
import { describe, expect, it } from 'vitest';

const routes: AgnosticRouteObject[] = [
  {
    id: 'root',
    path: '',
    children: [
      { id: 'home', index: true },
      { id: 'rent', path: 'rent' },
      { id: 'driveway', path: 'rent/:listingId' },
      { id: 'pass', path: 'bookings/:bookingId/pass' },
      { id: 'pass-ics', path: 'bookings/:bookingId/pass.ics' },
      { id: 'venue', path: 'Stadium-of-Fire' },
      { id: 'exact', path: 'Exact', caseSensitive: true },
      { id: 'about', path: ':lang?/about' },
      { id: 'faq', path: 'help?/faq' },
      {
        id: 'admin',
        path: 'admin',
        children: [
          { id: 'admin-home', index: true },
          { id: 'admin-user', path: 'users/:userId' },
        ],
      },
      { id: 'layout', children: [{ id: 'messages', path: 'messages' }] },
      { id: 'not-found', path: '*' },
    ],
  },
];

/** The ids of the routes a pathname reaches, outermost first, and the params of the deepest. */
function reach(pathname: string, basename?: string) {
  const matches = matchRoutes(routes, pathname, basename);
  return matches
    ? { ids: matches.map((match) => match.route.id), params: matches.at(-1)!.params }
    : null;
}

describe('route matching', () => {
  it('reaches pages by their address, in any case unless a route is case-sensitive', () => {
    expect(reach('/')?.ids).toEqual(['root', 'home']);
    expect(reach('/rent')?.ids).toEqual(['root', 'rent']);
    expect(reach('/RENT')?.ids).toEqual(['root', 'rent']);
    expect(reach('/Rent/')?.ids).toEqual(['root', 'rent']);
    expect(reach('/stadium-of-fire')?.ids).toEqual(['root', 'venue']);
    expect(reach('/STADIUM-OF-FIRE')?.ids).toEqual(['root', 'venue']);
    expect(reach('/Exact')?.ids).toEqual(['root', 'exact']);
    expect(reach('/exact')?.ids).toEqual(['root', 'not-found']);
  });

  it('fills dynamic segments, decoded, and prefers the more specific route', () => {
    expect(reach('/rent/abc')).toEqual({
      ids: ['root', 'driveway'],
      params: { listingId: 'abc' },
    });
    expect(reach('/rent/a%20b%2Fc')?.params).toEqual({ listingId: 'a b/c' });
    expect(reach('/bookings/b1/pass')?.ids).toEqual(['root', 'pass']);
    expect(reach('/bookings/b1/pass.ics')?.ids).toEqual(['root', 'pass-ics']);
  });

  it('matches optional and dynamic first segments', () => {
    expect(reach('/about')).toEqual({ ids: ['root', 'about'], params: {} });
    expect(reach('/fr/about')).toEqual({ ids: ['root', 'about'], params: { lang: 'fr' } });
    expect(reach('/faq')?.ids).toEqual(['root', 'faq']);
    expect(reach('/help/faq')?.ids).toEqual(['root', 'faq']);
  });

  it('goes through nested routes and layouts without a path', () => {
    expect(reach('/admin')?.ids).toEqual(['root', 'admin', 'admin-home']);
    expect(reach('/Admin/users/u1')).toEqual({
      ids: ['root', 'admin', 'admin-user'],
      params: { userId: 'u1' },
    });
    expect(reach('/messages')?.ids).toEqual(['root', 'layout', 'messages']);
  });

  it('sends every other address to the catch-all route', () => {
    expect(reach('/nowhere/else')).toEqual({
      ids: ['root', 'not-found'],
      params: { '*': 'nowhere/else' },
    });
    expect(reach('/rentals')?.ids).toEqual(['root', 'not-found']);
    expect(reach('/admin/nothing')?.ids).toEqual(['root', 'not-found']);
    expect(reach('/:lang')?.ids).toEqual(['root', 'not-found']);
  });

  it('matches under a basename, and nothing outside it', () => {
    expect(reach('/app/rent', '/app')?.ids).toEqual(['root', 'rent']);
    expect(reach('/app', '/app')?.ids).toEqual(['root', 'home']);
    expect(reach('/rent', '/app')).toBeNull();
  });

  it('gives the same answer every time and for a copy of the tree', () => {
    const first = reach('/rent/xyz');
    for (let i = 0; i < 3; i++) expect(reach('/rent/xyz')).toEqual(first);
    const copy = structuredClone(routes);
    expect(matchRoutes(copy, '/rent/xyz')?.map((match) => match.route.id)).toEqual(first?.ids);
  });
});
