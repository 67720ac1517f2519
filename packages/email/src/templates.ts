import { escapeHtml } from './escape-html';
import { type EmailContent } from './types';

const BRAND = 'Parkside';
const TAGLINE =
  'Parkside is the parking marketplace for events: book a private driveway near the event you are going to.';
const ACCENT = '#0f766e';
const TEXT_COLOR = '#1f2937';
const MUTED_COLOR = '#4b5563';
const FONT_STACK =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

export type Block =
  | { kind: 'paragraph'; text: string }
  | { kind: 'details'; rows: Array<[label: string, value: string]> }
  | { kind: 'button'; label: string; url: string }
  | { kind: 'note'; text: string };

export interface Layout {
  subject: string;
  heading: string;
  name: string;
  blocks: Block[];
}

/** Collapses whitespace (including newlines) so a name cannot reshape the plain-text part. */
function cleanName(name: string): string {
  return name.replace(/\s+/g, ' ').trim();
}

/** Links in emails must be absolute http(s) URLs: anything else is a bug or an injection. */
export function assertLinkUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`Email link must be an absolute URL, got: ${url}`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new Error(`Email link must be an http(s) URL, got: ${parsed.protocol}`);
  }
  return url;
}

function greeting(name: string): string {
  const clean = cleanName(name);
  return clean ? `Hi ${clean},` : 'Hi there,';
}

function paragraphHtml(text: string, color = TEXT_COLOR, size = 16): string {
  return `<p style="margin:0 0 16px;color:${color};font-size:${size}px;line-height:1.5;">${escapeHtml(text)}</p>`;
}

function blockHtml(block: Block): string {
  switch (block.kind) {
    case 'paragraph':
      return paragraphHtml(block.text);
    case 'note':
      return paragraphHtml(block.text, MUTED_COLOR, 14);
    case 'details':
      return [
        '<table role="presentation" style="width:100%;margin:0 0 16px;border-collapse:collapse;font-size:15px;line-height:1.4;">',
        ...block.rows.map(
          ([label, value]) =>
            `<tr><th scope="row" style="text-align:left;vertical-align:top;padding:6px 12px 6px 0;color:${MUTED_COLOR};font-weight:600;white-space:nowrap;">${escapeHtml(label)}</th><td style="padding:6px 0;color:${TEXT_COLOR};">${escapeHtml(value)}</td></tr>`,
        ),
        '</table>',
      ].join('\n');
    case 'button': {
      const href = escapeHtml(block.url);
      return [
        '<p style="margin:24px 0;">',
        `<a href="${href}" style="display:inline-block;background-color:${ACCENT};color:#ffffff;font-size:16px;font-weight:600;line-height:1.25;text-decoration:none;padding:12px 24px;border-radius:6px;">${escapeHtml(block.label)}</a>`,
        '</p>',
        paragraphHtml(
          'If the button does not work, copy and paste this link into your browser:',
          MUTED_COLOR,
          14,
        ),
        `<p style="margin:0 0 16px;font-size:14px;line-height:1.5;word-break:break-all;"><a href="${href}" style="color:${ACCENT};text-decoration:underline;">${href}</a></p>`,
      ].join('\n');
    }
  }
}

function blockText(block: Block): string {
  switch (block.kind) {
    case 'paragraph':
    case 'note':
      return block.text;
    case 'button':
      return `${block.label}:\n${block.url}`;
    case 'details':
      return block.rows.map(([label, value]) => `${label}: ${value}`).join('\n');
  }
}

export function render(layout: Layout): EmailContent {
  const blocks: Block[] = [{ kind: 'paragraph', text: greeting(layout.name) }, ...layout.blocks];

  const text = [...blocks.map(blockText), `-- ${BRAND}`, TAGLINE].join('\n\n') + '\n';

  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(layout.subject)}</title>
</head>
<body style="margin:0;padding:0;background-color:#f3f4f6;">
<div role="article" aria-label="${escapeHtml(layout.subject)}" lang="en" style="max-width:560px;margin:0 auto;padding:32px 16px;font-family:${FONT_STACK};color:${TEXT_COLOR};">
<p style="margin:0 0 16px;font-size:20px;font-weight:700;color:${ACCENT};">${BRAND}</p>
<div style="background-color:#ffffff;border-radius:8px;padding:32px 24px;">
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:${TEXT_COLOR};">${escapeHtml(layout.heading)}</h1>
${blocks.map(blockHtml).join('\n')}
</div>
<p style="margin:16px 0 0;font-size:12px;line-height:1.5;color:${MUTED_COLOR};">${escapeHtml(TAGLINE)}</p>
</div>
</body>
</html>
`;

  return { subject: layout.subject, text, html };
}

/**
 * An e-mail whose point is one link (verify, reset): a paragraph, the button, then notes on when
 * the link expires and what to do if it was not asked for.
 */
function linkEmail(
  input: { name: string; url: string },
  copy: {
    subject: string;
    heading: string;
    intro: string;
    button: string;
    notes: string[];
    /** A code to type instead of following the link, shown under the button. */
    code?: [label: string, code: string];
  },
): EmailContent {
  return render({
    subject: copy.subject,
    heading: copy.heading,
    name: input.name,
    blocks: [
      { kind: 'paragraph', text: copy.intro },
      { kind: 'button', label: copy.button, url: assertLinkUrl(input.url) },
      ...(copy.code ? [{ kind: 'details' as const, rows: [copy.code] }] : []),
      ...copy.notes.map((text) => ({ kind: 'note' as const, text })),
    ],
  });
}

/**
 * Sent after sign-up: confirms the address with a link, or a code typed on the site (for a phone
 * whose mail app opens links in another browser). Both expire in 24 hours.
 */
export function verificationEmail(input: {
  name: string;
  url: string;
  /** "482 913". */
  code: string;
}): EmailContent {
  return linkEmail(input, {
    subject: 'Verify your email for Parkside',
    heading: 'Verify your email address',
    intro:
      'Thanks for signing up for Parkside. Please confirm that this is your email address so you can book parking and list your driveway.',
    button: 'Verify email address',
    code: ['Or type this code on Parkside', input.code],
    notes: [
      'The link and the code expire in 24 hours. If you did not sign up for Parkside, you can safely ignore this email.',
    ],
  });
}

/** Sent when someone asks to reset the password. The link expires in 1 hour. */
export function passwordResetEmail(input: { name: string; url: string }): EmailContent {
  return linkEmail(input, {
    subject: 'Reset your Parkside password',
    heading: 'Reset your password',
    intro:
      'We received a request to reset the password for your Parkside account. Use the link below to choose a new one.',
    button: 'Choose a new password',
    notes: [
      'This link expires in 1 hour. Resetting your password signs you out on all other devices.',
      'If you did not request a password reset, you can safely ignore this email: your password will not change.',
    ],
  });
}

/** Security notice sent after the password was changed or reset. */
export function passwordChangedEmail(input: { name: string }): EmailContent {
  return render({
    subject: 'Your Parkside password was changed',
    heading: 'Your password was changed',
    name: input.name,
    blocks: [
      { kind: 'paragraph', text: 'The password for your Parkside account was just changed.' },
      {
        kind: 'paragraph',
        text: 'If this was you, there is nothing else to do.',
      },
      {
        kind: 'paragraph',
        text: 'If this was not you, reset your password at once using "Forgot password?" on the Parkside sign-in page. Resetting it signs out every other device, so whoever changed it loses access.',
      },
    ],
  });
}
