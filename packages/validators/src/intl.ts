/**
 * Intl formatters, made once per locale and options: building an Intl.DateTimeFormat costs far
 * more than formatting with it, and pages, e-mails and form conversions format the same few
 * ways (per event time zone) again and again.
 */
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

export function dateTimeFormat(
  locale: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = dateTimeFormats.get(key);
  if (!format) dateTimeFormats.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  return format;
}
