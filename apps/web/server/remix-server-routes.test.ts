/**
 * The @remix-run/react patch (decision 051): RemixServer makes the routes of a build once, so
 * every document of a server renders through the same routes, and (with the react-router-dom
 * patch) the same data routes, whose ranked branches route matching keeps. Fails on the
 * unpatched package, which makes new routes for every document.
 */
import { RemixServer } from '@remix-run/react';
import type { EntryContext } from '@remix-run/node';
import { createStaticHandler } from '@remix-run/router';
import { createElement, useContext } from 'react';
import { renderToString } from 'react-dom/server';
import { UNSAFE_DataRouterContext } from 'react-router-dom';
import { expect, it } from 'vitest';

it('renders every document of one build through the same routes', async () => {
  const seen: unknown[] = [];
  function Root() {
    seen.push(useContext(UNSAFE_DataRouterContext)?.router.routes);
    return createElement('p', null, 'Parkside');
  }
  const manifest = {
    entry: { imports: [], module: '/entry.client.js' },
    url: '/manifest.js',
    version: 'test',
    routes: {
      root: {
        id: 'root',
        path: '',
        module: '/root.js',
        hasLoader: false,
        hasAction: false,
        hasErrorBoundary: false,
        hasClientAction: false,
        hasClientLoader: false,
      },
    },
  };
  const future = {
    v3_fetcherPersist: false,
    v3_relativeSplatPath: false,
  } as EntryContext['future'];
  const render = async () => {
    const handler = createStaticHandler([{ id: 'root', path: '/' }]);
    const staticHandlerContext = await handler.query(new Request('http://parkside.test/'));
    if (staticHandlerContext instanceof Response)
      throw new Error('The handler answered a response.');
    const context = {
      manifest,
      // As the server runtime hands them over: a new object of the same modules each time.
      routeModules: { root: rootModule },
      staticHandlerContext,
      future,
      isSpaMode: false,
      serverHandoffString: '{}',
    } as unknown as EntryContext;
    return renderToString(createElement(RemixServer, { context, url: 'http://parkside.test/' }));
  };
  const rootModule = { default: Root };
  expect(await render()).toContain('Parkside');
  expect(await render()).toContain('Parkside');
  expect(seen).toHaveLength(2);
  expect(seen[0]).toBeDefined();
  expect(seen[1]).toBe(seen[0]);
});
