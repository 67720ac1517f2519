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

/**
 * The patches themselves (decisions 046, 050 and 051): each test fails on the unpatched package,
 * so an upgrade that drops a patch, or a release that makes one unneeded, is noticed here.
 */
describe('the route-matching patches are in place', () => {
  it('@remix-run/router: matching the same routes again ranks nothing again', () => {
    let reads = 0;
    const counted: AgnosticRouteObject[] = [
      { id: 'home', index: true },
      {
        id: 'rent',
        get path() {
          reads += 1;
          return 'rent';
        },
      },
    ];
    expect(matchRoutes(counted, '/rent')?.map((match) => match.route.id)).toEqual(['rent']);
    const afterFirst = reads;
    expect(afterFirst).toBeGreaterThan(0);
    for (let i = 0; i < 3; i++) matchRoutes(counted, '/rent');
    // Unpatched, every match flattens the tree again and reads each route's path.
    expect(reads).toBe(afterFirst);
  });

  it('react-router-dom: a static router of the same routes has the same data routes', async () => {
    const { createStaticHandler, createStaticRouter } = await import('react-router-dom/server');
    const pageRoutes = [{ id: 'root', path: '/', children: [{ id: 'rent', path: 'rent' }] }];
    const handler = createStaticHandler(pageRoutes);
    const context = await handler.query(new Request('http://parkside.test/rent'));
    if (context instanceof Response) throw new Error('The handler answered a response.');
    const first = createStaticRouter(pageRoutes, context);
    const second = createStaticRouter(pageRoutes, context);
    expect(second.routes).toBe(first.routes);
  });
});
