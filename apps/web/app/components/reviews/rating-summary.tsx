/** An average and its count, e.g. "★ 4.5 (12 reviews)"; nothing without reviews. */
export function RatingSummary({
  average,
  count,
  className = '',
}: {
  average: number | null;
  count: number;
  className?: string;
}) {
  if (!average || count === 0) return null;
  return (
    <span className={`inline-flex items-center gap-1 ${className}`}>
      <span aria-hidden="true" className="text-amber-600">
        ★
      </span>
      <span>
        {average.toFixed(1)}
        <span className="sr-only"> out of 5</span> ({count} {count === 1 ? 'review' : 'reviews'})
      </span>
    </span>
  );
}
