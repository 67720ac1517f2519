/**
 * A small multipart reader for one upload (multipart/form-data or multipart/related): finds the
 * JSON metadata part and the file part. The body is already size-limited by the caller.
 */
export interface MultipartUpload {
  metadata: Record<string, unknown>;
  file: Buffer | null;
  /** The content type the sender claimed for the file (not trusted; the bytes decide). */
  claimedType: string | null;
}

function boundaryOf(contentType: string | undefined): string | null {
  if (!contentType || !/^multipart\/(form-data|related)/i.test(contentType)) return null;
  const match = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  return match ? (match[1] ?? match[2] ?? '').trim() : null;
}

export function parseMultipart(
  body: Buffer,
  contentType: string | undefined,
): MultipartUpload | null {
  const boundary = boundaryOf(contentType);
  if (!boundary) return null;
  const delimiter = Buffer.from(`--${boundary}`);
  const result: MultipartUpload = { metadata: {}, file: null, claimedType: null };
  let position = body.indexOf(delimiter);
  if (position < 0) return null;
  for (;;) {
    const start = position + delimiter.length;
    if (body.subarray(start, start + 2).toString() === '--') break;
    const next = body.indexOf(delimiter, start);
    if (next < 0) return null;
    // Each part: CRLF, headers, CRLF CRLF, content, CRLF before the next delimiter.
    const part = body.subarray(start + 2, next - 2);
    const split = part.indexOf('\r\n\r\n');
    if (split < 0) return null;
    const headers = part.subarray(0, split).toString('utf8').toLowerCase();
    const content = part.subarray(split + 4);
    const type = /content-type:\s*([^\r\n;]+)/.exec(headers)?.[1]?.trim() ?? null;
    const fieldName = /name="([^"]*)"/.exec(headers)?.[1] ?? null;
    if (fieldName === 'metadata' || (type === 'application/json' && fieldName !== 'file')) {
      try {
        const parsed: unknown = JSON.parse(content.toString('utf8'));
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
          result.metadata = parsed as Record<string, unknown>;
        }
      } catch {
        return null;
      }
    } else if (!result.file) {
      result.file = Buffer.from(content);
      result.claimedType = type;
    }
    position = next;
  }
  return result;
}
