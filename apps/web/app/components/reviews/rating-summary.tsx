/** An average and its count, e.g. "★ 4.5 (12 reviews)"; nothing without reviews. */
export function RatingSummary({
  rating,
  className = '',
}: {
  /** The average and how many reviews; nothing shows without one. */
  rating: { average: number | null; count: number } | null | undefined;
  className?: string;
}) {
  if (!rating?.average || rating.count === 0) return null;
  const { average, count } = rating;
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
