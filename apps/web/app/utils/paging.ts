/** The `page` parameter of a request's address: a whole number from 1, at most `max`. */
export function pageParam(request: Request, max: number): number {
  const page = Number.parseInt(new URL(request.url).searchParams.get('page') ?? '', 10);
  return Number.isSafeInteger(page) && page >= 1 ? Math.min(page, max) : 1;
}

/** The `q` parameter of a request's address, trimmed and cut to `max` characters. */
export function searchParam(request: Request, max: number): string {
  return (new URL(request.url).searchParams.get('q') ?? '').trim().slice(0, max);
}
