import { describe, expect, it } from 'vitest';
import { escapeHtml } from './escape-html';

describe('escapeHtml', () => {
  it('escapes markup, ampersands and both kinds of quotes', () => {
    expect(escapeHtml(`<script>alert("x")</script> & 'y'`)).toBe(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;',
    );
  });

  it('leaves ordinary text alone and does not double-escape by accident', () => {
    expect(escapeHtml('Ana María Ødegård')).toBe('Ana María Ødegård');
    expect(escapeHtml('&amp;')).toBe('&amp;amp;');
  });
});
