import { useEffect, useRef, useState } from 'react';

/**
 * Whether the element behind the returned ref has come on screen (within `rootMargin` of it),
 * once and for good: for work a part of the page should only do when someone can see it. The
 * content of a closed `<details>` never counts as seen.
 */
export function useSeen<T extends Element>(rootMargin = '0px') {
  const ref = useRef<T>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || seen) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [seen, rootMargin]);
  return { ref, seen };
}
