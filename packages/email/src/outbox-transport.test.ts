import { describe, expect, it } from 'vitest';
import { createMailer } from './mailer';
import { createOutboxTransport } from './outbox-transport';

const FROM = 'Parkside <no-reply@parkside.test>';

function message(n: number) {
  return {
    to: `user${n}@example.com`,
    subject: `Message ${n}`,
    text: `text ${n}`,
    html: `<p>${n}</p>`,
  };
}

describe('createOutboxTransport', () => {
  it('stores sent messages newest first with id, from and sentAt', async () => {
    const outbox = createOutboxTransport();
    const mailer = createMailer({ transport: outbox, from: FROM });
    await mailer.send(message(1));
    await mailer.send(message(2));

    const list = outbox.list();
    expect(list.map((m) => m.subject)).toEqual(['Message 2', 'Message 1']);
    expect(list[0]).toMatchObject({ ...message(2), from: FROM });
    expect(list[0]?.sentAt).toBeInstanceOf(Date);
    expect(list[0]?.id).not.toBe(list[1]?.id);
  });

  it('keeps only the newest 100 messages', async () => {
    const outbox = createOutboxTransport();
    for (let n = 1; n <= 105; n++) await outbox.send({ ...message(n), from: FROM });

    const list = outbox.list();
    expect(list).toHaveLength(100);
    expect(list[0]?.subject).toBe('Message 105');
    expect(list[99]?.subject).toBe('Message 6');
  });

  it('gets a message by id', async () => {
    const outbox = createOutboxTransport();
    await outbox.send({ ...message(1), from: FROM });
    await outbox.send({ ...message(2), from: FROM });
    const [, older] = outbox.list();

    expect(outbox.get(older!.id)).toEqual(older);
    expect(outbox.get('no-such-id')).toBeUndefined();
  });

  it('clears', async () => {
    const outbox = createOutboxTransport();
    await outbox.send({ ...message(1), from: FROM });
    outbox.clear();
    expect(outbox.list()).toEqual([]);
  });

  it('does not let callers mutate what is stored', async () => {
    const outbox = createOutboxTransport();
    await outbox.send({ ...message(1), from: FROM });
    const [first] = outbox.list();
    first!.subject = 'tampered';
    outbox.list().pop();
    expect(outbox.list().map((m) => m.subject)).toEqual(['Message 1']);
  });
});
