/**
 * Live messages (decision 029): `GET /api/messages/stream` is a server-sent event stream per
 * signed-in, verified user. PostgreSQL announces each new message and each moved read marker
 * on `message_events` (migration 0019) with ids only; each server LISTENs once and, for every
 * open stream of the people named, asks the API as that person for their unread count, so the
 * stream carries nothing the procedures would not show them. Pages then reload what they show
 * through their own loaders. Heartbeats keep proxies from closing an idle stream and check the
 * session: a stream ends at sign-out or expiry.
 */
import {
  appRouter,
  createContext,
  SIGN_IN_REQUIRED_MESSAGE,
  VERIFICATION_REQUIRED_MESSAGE,
} from '@parkside/api';
import type { SessionUser } from '@parkside/core';
import type { DatabaseHandle } from '@parkside/db';
import type { RequestHandler, Response } from 'express';
import type { Services } from './services';

// Fed by the triggers `messages_event` and `conversation_reads_event` (docs/architecture.md).
export const MESSAGE_CHANNEL = 'message_events';
export const HEARTBEAT_MS = 15_000;

interface Subscriber {
  user: SessionUser;
  res: Response;
}

/** The open streams of one server, by user. */
export class MessageStreams {
  private readonly byUser = new Map<string, Set<Subscriber>>();

  constructor(private readonly services: Pick<Services, 'db'>) {}

  get size(): number {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }

  add(subscriber: Subscriber) {
    const set = this.byUser.get(subscriber.user.id) ?? new Set();
    set.add(subscriber);
    this.byUser.set(subscriber.user.id, set);
  }

  remove(subscriber: Subscriber) {
    const set = this.byUser.get(subscriber.user.id);
    set?.delete(subscriber);
    if (set?.size === 0) this.byUser.delete(subscriber.user.id);
  }

  /** Sends the person's unread count, read through the API as them. */
  async sendUnread(subscriber: Subscriber) {
    const caller = appRouter.createCaller(
      createContext({ db: this.services.db, user: subscriber.user }),
    );
    try {
      const count = await caller.message.unreadCount();
      send(subscriber.res, 'unread', { count });
    } catch {
      // The next event or the page's own request will bring the count.
    }
  }

  /** A notification: tell each named person's open streams what changed. */
  async deliver(payload: string) {
    let event: { kind?: string; conversation?: string; users?: string[] };
    try {
      event = JSON.parse(payload) as typeof event;
    } catch {
      return;
    }
    const subscribers = (event.users ?? []).flatMap((id) => [...(this.byUser.get(id) ?? [])]);
    await Promise.all(
      subscribers.map(async (subscriber) => {
        if (event.kind === 'message') {
          send(subscriber.res, 'message', { conversationId: event.conversation });
        }
        await this.sendUnread(subscriber);
      }),
    );
  }

  /** After the listener was lost and is back: every page catches up on what it missed. */
  async resyncAll() {
    const all = [...this.byUser.values()].flatMap((set) => [...set]);
    await Promise.all(
      all.map(async (subscriber) => {
        send(subscriber.res, 'resync', {});
        await this.sendUnread(subscriber);
      }),
    );
  }

  /**
   * Ends every stream (the server is stopping). Each is told first to come back in
   * `reconnectInMs` rather than the usual 3 s, so browsers reconnect through the balancer to
   * another server at once and catch up there (nothing is lost: the page reads what changed).
   */
  closeAll({ reconnectInMs = SHUTDOWN_RECONNECT_MS } = {}) {
    for (const set of this.byUser.values()) {
      for (const { res } of set) {
        res.write(`retry: ${reconnectInMs}\n\n`);
        res.end();
      }
    }
    this.byUser.clear();
  }
}

/** How soon a browser reconnects when its server is stopping. */
export const SHUTDOWN_RECONNECT_MS = 250;

function send(res: Response, event: string, data: unknown) {
  res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}

/** Starts listening; undefined (pages poll instead) when listening fails. */
export async function startMessageStreams(
  database: Pick<DatabaseHandle, 'listen'>,
  services: Pick<Services, 'db'> & Partial<Pick<Services, 'metrics'>>,
) {
  const streams = new MessageStreams(services);
  let listened = false;
  try {
    const unlisten = await database.listen(
      MESSAGE_CHANNEL,
      (payload) => void streams.deliver(payload),
      () => {
        // Called again whenever the listening connection comes back after a cut.
        if (listened) {
          void streams.resyncAll();
          services.metrics?.reconnected(MESSAGE_CHANNEL);
        }
        listened = true;
      },
    );
    return {
      streams,
      async stop() {
        streams.closeAll();
        await unlisten();
      },
    };
  } catch (error) {
    console.error(`Live messages are off: listening failed (${(error as Error).message}).`);
    return undefined;
  }
}

/**
 * The stream itself. `sessionOf` is the signed-in session of the request; `stillSignedIn`
 * checks it again at every heartbeat.
 */
export function messageStreamRoute({
  streams,
  sessionOf,
  stillSignedIn,
  heartbeatMs = HEARTBEAT_MS,
}: {
  streams: MessageStreams | undefined;
  sessionOf: (res: Response) => { user: SessionUser } | null;
  stillSignedIn: (cookie: string | undefined) => Promise<boolean>;
  heartbeatMs?: number;
}): RequestHandler {
  return (req, res) => {
    const session = sessionOf(res);
    if (!session) {
      res.status(401).json({ error: SIGN_IN_REQUIRED_MESSAGE });
      return;
    }
    if (!session.user.emailVerified) {
      res.status(403).json({ error: VERIFICATION_REQUIRED_MESSAGE });
      return;
    }
    if (!streams) {
      res.status(503).set('Retry-After', '30').json({ error: 'Live messages are off.' });
      return;
    }
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      // no-transform: the compression middleware leaves the stream alone (nothing buffered).
      'Cache-Control': 'no-cache, no-transform',
      'X-Accel-Buffering': 'no',
      'X-Content-Type-Options': 'nosniff',
      Connection: 'keep-alive',
    });
    res.write('retry: 3000\n\n');
    const subscriber: Subscriber = { user: session.user, res };
    streams.add(subscriber);
    void streams.sendUnread(subscriber);
    const cookie = req.get('cookie');
    const heartbeat = setInterval(() => {
      void stillSignedIn(cookie).then((signedIn) => {
        if (!signedIn) {
          send(res, 'end', { reason: 'signed-out' });
          res.end();
          return;
        }
        res.write(': heartbeat\n\n');
      });
    }, heartbeatMs);
    heartbeat.unref();
    const close = () => {
      clearInterval(heartbeat);
      streams.remove(subscriber);
    };
    req.on('close', close);
    res.on('close', close);
  };
}
