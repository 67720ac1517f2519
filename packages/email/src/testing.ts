/**
 * A real SMTP server on loopback for tests: no TLS, no auth. Point `createSmtpTransport(server.url)`
 * at it, send, then `await server.waitFor(...)`. Always `await server.close()` in afterAll/afterEach.
 */
import { type AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerError } from 'smtp-server';

export interface ReceivedEmail {
  /** The From header as written by the sender (e.g. `Parkside <no-reply@example.com>`). */
  from: string;
  /** Envelope recipients (RCPT TO), bare addresses. */
  to: string[];
  subject: string;
  text: string;
  html: string;
  receivedAt: Date;
}

export interface TestSmtpServer {
  /** `smtp://127.0.0.1:PORT`: no TLS, no auth. */
  url: string;
  port: number;
  /** Every accepted message, oldest first. */
  messages: ReceivedEmail[];
  /**
   * Resolves with the first message (already received or arriving later) matching the predicate;
   * rejects after `timeoutMs` (default 5000) listing what did arrive.
   */
  waitFor(predicate: (m: ReceivedEmail) => boolean, timeoutMs?: number): Promise<ReceivedEmail>;
  /**
   * While failing, recipients are refused (550) and message data is refused (451): every
   * recipient with `true`; with an address, that address only, turned on or off by `on` (each
   * address on its own, so tests running side by side do not turn each other's failures off).
   */
  setFailing(failing: boolean | string, on?: boolean): void;
  close(): Promise<void>;
}

interface Waiter {
  predicate: (m: ReceivedEmail) => boolean;
  resolve: (m: ReceivedEmail) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

function smtpError(message: string, responseCode: number): SMTPServerError {
  const error: SMTPServerError = new Error(message);
  error.responseCode = responseCode;
  return error;
}

function summarize(messages: ReceivedEmail[]): string {
  if (messages.length === 0) return 'No messages arrived.';
  const lines = messages.map(
    (m, index) =>
      `  ${index + 1}. to ${m.to.join(', ')} from ${m.from}: ${JSON.stringify(m.subject)}`,
  );
  return `${messages.length} message(s) arrived:\n${lines.join('\n')}`;
}

export async function startTestSmtpServer(
  options: { port?: number } = {},
): Promise<TestSmtpServer> {
  const messages: ReceivedEmail[] = [];
  const waiters = new Set<Waiter>();
  let failingAll = false;
  const failingAddresses = new Set<string>();
  const refuses = (address: string) => failingAll || failingAddresses.has(address.toLowerCase());
  let closed: Promise<void> | undefined;

  function settle(waiter: Waiter, match: ReceivedEmail): void {
    clearTimeout(waiter.timer);
    waiters.delete(waiter);
    waiter.resolve(match);
  }

  function fail(waiter: Waiter, error: Error): void {
    clearTimeout(waiter.timer);
    waiters.delete(waiter);
    waiter.reject(error);
  }

  function deliver(message: ReceivedEmail): void {
    messages.push(message);
    for (const waiter of [...waiters]) {
      try {
        if (waiter.predicate(message)) settle(waiter, message);
      } catch (error) {
        fail(waiter, error instanceof Error ? error : new Error(String(error)));
      }
    }
  }

  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    hideSTARTTLS: true,
    disableReverseLookup: true,
    logger: false,
    // Connections still open when close() is called get this long to finish.
    closeTimeout: 1_000,
    size: 10 * 1024 * 1024,
    onRcptTo(address, _session, callback) {
      if (refuses(address.address))
        return callback(smtpError('Mailbox unavailable (test server is failing)', 550));
      callback();
    },
    onData(stream, session, callback) {
      // Always read the whole stream, even when refusing, or the connection stalls.
      simpleParser(stream)
        .then((parsed) => {
          if (session.envelope.rcptTo.some((recipient) => refuses(recipient.address))) {
            callback(smtpError('Temporary failure (test server is failing)', 451));
            return;
          }
          const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
          deliver({
            from: parsed.from?.text || envelopeFrom,
            to: session.envelope.rcptTo.map((recipient) => recipient.address),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: parsed.html || '',
            receivedAt: new Date(),
          });
          callback();
        })
        .catch((error: unknown) => {
          stream.resume();
          const message = error instanceof Error ? error.message : String(error);
          callback(smtpError(`Could not parse message: ${message}`, 554));
        });
    },
  });

  await new Promise<void>((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once('error', onError);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', onError);
      resolve();
    });
  });
  // Connection-level errors (a client hanging up mid-session) must not crash the test process.
  server.on('error', () => {});

  const port = (server.server.address() as AddressInfo).port;

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    waitFor(predicate, timeoutMs = 5_000) {
      const existing = messages.find((m) => predicate(m));
      if (existing) return Promise.resolve(existing);
      if (closed) return Promise.reject(new Error('waitFor: the test SMTP server is closed'));
      return new Promise<ReceivedEmail>((resolve, reject) => {
        const waiter: Waiter = {
          predicate,
          resolve,
          reject,
          timer: setTimeout(() => {
            fail(
              waiter,
              new Error(
                `waitFor: no matching email within ${timeoutMs} ms. ${summarize(messages)}`,
              ),
            );
          }, timeoutMs),
        };
        waiters.add(waiter);
      });
    },
    setFailing(value, on = true) {
      if (typeof value !== 'string') {
        failingAll = value;
        if (!value) failingAddresses.clear();
      } else if (on) failingAddresses.add(value.toLowerCase());
      else failingAddresses.delete(value.toLowerCase());
    },
    close() {
      closed ??= new Promise<void>((resolve) => {
        for (const waiter of [...waiters]) {
          fail(
            waiter,
            new Error(`waitFor: the test SMTP server was closed. ${summarize(messages)}`),
          );
        }
        server.close(() => resolve());
      });
      return closed;
    },
  };
}
